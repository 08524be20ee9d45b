import { lineAmount, type ReceiptToWrite } from '@printpool/contracts';
import { num, obj, str, type QboDocument } from './qboDocument.js';

type QboLine = Record<string, unknown>;

export type ReceiptWritePlan =
  | { kind: 'unchanged' }
  | {
      kind: 'update';
      body: Record<string, unknown>;
      /** Each line whose Qty changes, with the Qty QuickBooks had: the run's ordered quantity from then on. */
      lines: { qbLineId: string; orderedBefore: number }[];
    }
  | { kind: 'conflict'; reason: string };

/** Why a receipt based on an older version of the PO than QuickBooks holds (`theirs`, when known) was not written. */
export function staleReceiptWrite(receipt: Pick<ReceiptToWrite, 'poNumber' | 'syncToken'>, theirs?: string): string {
  const versions = theirs === undefined ? `PrintPool has SyncToken ${receipt.syncToken}` : `SyncToken ${theirs}, PrintPool has ${receipt.syncToken}`;
  return (
    `QuickBooks changed ${receipt.poNumber} since PrintPool last synced it (${versions}): nothing was written. ` +
    'Once a sync brings the change, check the PO and update QuickBooks again.'
  );
}

/**
 * The write that makes the QuickBooks PO (`current`, as QuickBooks holds it now) carry a receipt's
 * received quantities (docs/product.md §11, docs/quickbooks.md): each line the receipt named gets
 * Qty = what has been received of it and the Amount QuickBooks computes from it at the line's unit
 * price, to the cent; the quantity is sent exactly and the unit price is left as QuickBooks holds
 * it. Every other line, and every field of a changed line but Qty and Amount, is sent as read, so
 * what PrintPool does not model (account lines, descriptions, classes, tax codes, billable
 * customers) stays as it is; a sparse update leaves the PO's other fields alone.
 *
 * The write is based on the SyncToken PrintPool last synced: the received quantities were
 * recorded against the PO as PrintPool read it. A PO QuickBooks holds at another version was
 * changed there since, and is a conflict: nothing is written. Quantities already as received
 * write nothing, so the PO keeps its SyncToken.
 */
export function planReceiptWrite(receipt: ReceiptToWrite, current: QboDocument): ReceiptWritePlan {
  const version = str(current.SyncToken) ?? '0';
  if (version !== receipt.syncToken) return { kind: 'conflict', reason: staleReceiptWrite(receipt, version) };
  const lines = Array.isArray(current.Line) ? (current.Line as QboLine[]).map((line) => structuredClone(line)) : [];
  const byId = new Map(lines.filter((line) => obj(line.ItemBasedExpenseLineDetail)).map((line) => [str(line.Id), line]));
  const changed: { qbLineId: string; orderedBefore: number }[] = [];
  for (const wanted of receipt.lines) {
    const line = byId.get(wanted.qbLineId);
    if (!line) {
      return {
        kind: 'conflict',
        reason: `${receipt.poNumber} in QuickBooks has no line ${wanted.qbLineId} of ${wanted.itemName ?? wanted.itemId}: nothing was written`,
      };
    }
    const detail = obj(line.ItemBasedExpenseLineDetail)!;
    const ordered = num(detail.Qty);
    if (ordered === wanted.quantityReceived) continue;
    detail.Qty = wanted.quantityReceived;
    line.Amount = lineAmount(wanted.quantityReceived, num(detail.UnitPrice));
    changed.push({ qbLineId: wanted.qbLineId, orderedBefore: ordered });
  }
  if (changed.length === 0) return { kind: 'unchanged' };
  return { kind: 'update', body: { Id: current.Id, SyncToken: version, sparse: true, Line: lines }, lines: changed };
}

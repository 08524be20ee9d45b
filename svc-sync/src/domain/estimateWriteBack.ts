import type { EstimateEdit, EstimateLineChange, EstimateLineValues } from '@printpool/contracts';
import { goodsCommitted, type QuickbooksConflict, type SalesOrderStatus } from '@printpool/domain';
import { obj, str, type QboDocument } from './qboDocument.js';

/** The sales order fields creating an estimate reads from svc-inventory's GET /api/sales-orders/:id (a manual order). */
export interface SalesOrderToWrite {
  id: number;
  soNumber: string;
  customerName: string;
  customerEmail: string | null;
  qbId: string | null;
  status: SalesOrderStatus;
  items: Array<{ itemId: string | null; quantity: number; unitPrice: number; description: string | null }>;
}

type QboBody = Record<string, unknown>;
type QboLine = Record<string, unknown>;

const roundMoney = (value: number) => Math.round(value * 100) / 100;

/** A line with neither an item nor text says nothing QuickBooks could keep (it would refuse an empty description-only line). */
const hasContent = (values: { itemId: string | null; description: string | null }) => Boolean(values.itemId || values.description);

/** A new estimate line from values PrintPool holds: an item line, or a text-only line for a line without an item. */
export function newLine(values: EstimateLineValues): QboLine {
  return values.itemId
    ? {
        DetailType: 'SalesItemLineDetail',
        Amount: roundMoney(values.quantity * values.unitPrice),
        ...(values.description ? { Description: values.description } : {}),
        SalesItemLineDetail: { ItemRef: { value: values.itemId }, Qty: values.quantity, UnitPrice: values.unitPrice },
      }
    : { DetailType: 'DescriptionOnly', Description: values.description, DescriptionLineDetail: {} };
}

/**
 * A new estimate for a manual order, numbered as the order, for the customer QuickBooks knows by
 * that name. An order the broker accepted here (processing, or completed once its tickets shipped:
 * svc-inventory orders/acceptManualOrder.ts) is created Accepted, so QuickBooks agrees and the
 * order taking the estimate back stays accepted (svc-inventory domain/salesOrderStatus.ts); any
 * other is created as QuickBooks creates one, Pending.
 */
export function newEstimate(order: SalesOrderToWrite, customerQbId: string): QboBody {
  const email = order.customerEmail?.trim() || null;
  return {
    DocNumber: order.soNumber,
    CustomerRef: { value: customerQbId },
    Line: order.items.filter(hasContent).map(newLine),
    ...(email ? { BillEmail: { Address: email } } : {}),
    ...(goodsCommitted(order.status) ? { TxnStatus: 'Accepted' } : {}),
  };
}

/** A change write-back cannot make: QuickBooks changed the same field differently since the order was synced, or the line is part of a bundle. */
export type WriteBackConflict = QuickbooksConflict;

export type EstimateWritePlan = { kind: 'unchanged' } | { kind: 'update'; body: QboBody } | { kind: 'conflict'; conflicts: WriteBackConflict[] };

/** The modelled values of an item line as QuickBooks holds it now. */
function valuesOf(line: QboLine): EstimateLineValues {
  const detail = obj(line.SalesItemLineDetail) ?? {};
  return {
    itemId: str(obj(detail.ItemRef)?.value),
    quantity: typeof detail.Qty === 'number' ? detail.Qty : Number(detail.Qty ?? 0),
    unitPrice: typeof detail.UnitPrice === 'number' ? detail.UnitPrice : Number(detail.UnitPrice ?? 0),
    description: str(line.Description),
  };
}

/** QuickBooks computes these after the lines a document's items sit in: lines added here go before them. */
const TRAILING = new Set(['SubTotalLineDetail', 'DiscountLineDetail']);

/**
 * The sparse update that makes the estimate QuickBooks holds now (`current`) carry exactly the
 * broker's edit and nothing else (docs/quickbooks.md). Every line is sent as QuickBooks has it,
 * with its Id, except the lines the broker changed (only the changed fields, and the Amount
 * QuickBooks derives from them) or removed; lines PrintPool does not model (description-only,
 * subtotal, discount, group) and every field it does not model (TaxCodeRef, ClassRef, custom
 * fields, memos) pass through untouched. A QuickBooks edit since the order was synced is merged
 * when it touched other fields, and is a conflict when it set a changed field to another value.
 */
export function planEstimateUpdate(edit: EstimateEdit, current: QboDocument): EstimateWritePlan {
  const conflicts: WriteBackConflict[] = [];
  const lines = Array.isArray(current.Line) ? (current.Line as QboLine[]).map((line) => structuredClone(line)) : [];
  const byId = new Map(lines.filter((line) => line.DetailType === 'SalesItemLineDetail').map((line) => [str(line.Id), line]));
  const bundleOf = bundledLines(lines);
  const removed = new Set<QboLine>();
  let linesChanged = false;

  for (const change of edit.lines) {
    if (change.kind === 'added') continue;
    const line = byId.get(change.lineId);
    const label = `Line ${change.lineId}`;
    const bundle = bundleOf.get(change.lineId);
    if (bundle !== undefined) {
      // A bundle's parts follow its group item; QuickBooks changes them through the bundle.
      conflicts.push({
        field: label,
        printPool: change.kind === 'removed' ? 'removed' : change.to,
        quickBooks: `part of bundle ${bundle}: change it in QuickBooks`,
      });
      continue;
    }
    if (!line) {
      // Gone from QuickBooks: a removal agrees; a change has nothing left to change.
      if (change.kind === 'changed') conflicts.push({ field: label, printPool: change.to, quickBooks: 'removed in QuickBooks' });
      continue;
    }
    const theirs = valuesOf(line);
    if (change.kind === 'removed') {
      const edited = FIELDS.filter((field) => theirs[field] !== change.from[field]);
      if (edited.length > 0) conflicts.push({ field: label, printPool: 'removed', quickBooks: theirs });
      else {
        removed.add(line);
        linesChanged = true;
      }
      continue;
    }
    linesChanged = applyChange(line, change, theirs, label, conflicts) || linesChanged;
  }

  const added = edit.lines
    .filter((change): change is Extract<EstimateLineChange, { kind: 'added' }> => change.kind === 'added' && hasContent(change.to))
    .map((change) => newLine(change.to));
  if (added.length > 0) linesChanged = true;

  const body: QboBody = { Id: current.Id, SyncToken: current.SyncToken, sparse: true };
  if (edit.customerEmail) {
    const theirs = str(obj(current.BillEmail)?.Address);
    const { from, to } = edit.customerEmail;
    if (theirs !== from && theirs !== to) conflicts.push({ field: 'Bill-to e-mail', printPool: to, quickBooks: theirs });
    else if (theirs !== to) body.BillEmail = { Address: to ?? '' };
  }
  if (conflicts.length > 0) return { kind: 'conflict', conflicts };
  if (linesChanged)
    body.Line = withAdded(
      lines.filter((line) => !removed.has(line)),
      added,
    );
  return linesChanged || body.BillEmail ? { kind: 'update', body } : { kind: 'unchanged' };
}

const FIELDS = ['itemId', 'quantity', 'unitPrice', 'description'] as const;

/** The Id of each line inside a bundle (GroupLineDetail), with the bundle's name. */
function bundledLines(lines: readonly QboLine[]): Map<string, string> {
  const parts = new Map<string, string>();
  for (const line of lines) {
    const group = obj(line.GroupLineDetail);
    if (!group || !Array.isArray(group.Line)) continue;
    const name = str(obj(group.GroupItemRef)?.name) ?? str(line.Id) ?? 'bundle';
    for (const part of group.Line as QboLine[]) {
      const id = str(part.Id);
      if (id) parts.set(id, name);
    }
  }
  return parts;
}

/** Sets the broker's changed fields on `line` where QuickBooks still has the synced value; answers whether the line changed. */
function applyChange(
  line: QboLine,
  change: Extract<EstimateLineChange, { kind: 'changed' }>,
  theirs: EstimateLineValues,
  label: string,
  conflicts: WriteBackConflict[],
): boolean {
  const detail = (obj(line.SalesItemLineDetail) ?? {}) as Record<string, unknown>;
  let changed = false;
  for (const field of FIELDS) {
    if (!(field in change.to)) continue;
    const ours = change.to[field];
    if (theirs[field] === ours) continue;
    if (theirs[field] !== change.from[field]) {
      conflicts.push({ field: `${label} ${FIELD_NAMES[field]}`, printPool: ours, quickBooks: theirs[field] });
      continue;
    }
    changed = true;
    if (field === 'itemId') detail.ItemRef = { value: ours };
    else if (field === 'quantity') detail.Qty = ours;
    else if (field === 'unitPrice') detail.UnitPrice = ours;
    else if (ours === null) delete line.Description;
    else line.Description = ours;
  }
  if (changed && ('quantity' in change.to || 'unitPrice' in change.to)) {
    line.Amount = roundMoney(Number(detail.Qty ?? 0) * Number(detail.UnitPrice ?? 0));
  }
  line.SalesItemLineDetail = detail;
  return changed;
}

const FIELD_NAMES: Record<(typeof FIELDS)[number], string> = { itemId: 'item', quantity: 'quantity', unitPrice: 'unit price', description: 'description' };

function withAdded(lines: QboLine[], added: QboLine[]): QboLine[] {
  let at = lines.length;
  while (at > 0 && TRAILING.has(String(lines[at - 1]!.DetailType))) at -= 1;
  return [...lines.slice(0, at), ...added, ...lines.slice(at)];
}

export const ESTIMATE_CLOSED = 'The estimate is closed (invoiced) in QuickBooks, so it cannot be marked Rejected there';

/**
 * The broker chose, instead of deleting a synced order, to mark its estimate Rejected in
 * QuickBooks (docs/quickbooks.md): a sparse update of TxnStatus alone, so every line and field
 * stays as QuickBooks holds it. A Closed estimate has been invoiced: it stays as it is.
 */
export function planEstimateRejection(current: QboDocument): EstimateWritePlan | { kind: 'closed' } {
  if (current.TxnStatus === 'Rejected') return { kind: 'unchanged' };
  if (current.TxnStatus === 'Closed') return { kind: 'closed' };
  return { kind: 'update', body: { Id: current.Id, SyncToken: current.SyncToken, sparse: true, TxnStatus: 'Rejected' } };
}

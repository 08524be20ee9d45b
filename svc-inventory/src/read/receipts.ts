import type { Knex } from 'knex';
import { documentVersion } from '@printpool/service-kit';
import {
  lineAmount,
  type PurchaseOrder,
  type PurchaseOrderReceipts,
  type Receipt,
  type ReceiptLineSummary,
  type ReceiptWriteBackState,
} from '@printpool/contracts';
import { addQuantities, exactQuantity, receiptDifference, sumQuantities, toMoneyString } from '@printpool/domain';
import type { ReceiptWriteBackField } from '../domain/trackedFields.js';
import { loadPrograms } from './programs.js';

/** A stock line of the PO as receipts fill it. */
export interface ReceivedLineRow {
  id: number;
  item_qb_id: string;
  item_name: string | null;
  /**
   * What the run ordered of the line: QuickBooks' Qty, or the Qty it replaced when a receipt's
   * write-back set it to the received quantity (`qty_ordered`, docs/product.md §11), so the over or
   * under stays measured against the order and is never counted a second time.
   */
  qty: number;
  qty_received: number | null;
  unit_price: number;
}

/** A bulk PO's run as its receipts route answers it, and its type: only a bulk PO takes receipts. */
export interface ReceiptsView {
  poType: PurchaseOrder['poType'];
  vendorName: string | null;
  /** The PO's SyncToken as PrintPool last synced it from QuickBooks; null for a PO made here. */
  syncToken: string | null;
  receipts: PurchaseOrderReceipts;
  /** The stock lines, in line order. */
  lines: ReceivedLineRow[];
}

/** The stock lines of a PO with what receipts brought of each, in line order. */
export async function loadReceivedLines(knex: Knex | Knex.Transaction, tenantId: string, purchaseOrderId: number): Promise<ReceivedLineRow[]> {
  const rows: { id: string; item_qb_id: string; item_name: string | null; qty: string; qty_received: string | null; unit_price: string }[] = await knex(
    'purchase_order_lines',
  )
    .where({ tenant_id: tenantId, purchase_order_id: purchaseOrderId, kind: 'item' })
    .whereNotNull('item_qb_id')
    .orderBy(['line_no', 'id'])
    .select('id', 'item_qb_id', 'item_name', knex.raw('coalesce(qty_ordered, qty) AS qty'), 'qty_received', 'unit_price');
  return rows.map((row) => ({
    id: Number(row.id),
    item_qb_id: row.item_qb_id,
    item_name: row.item_name,
    qty: exactQuantity(row.qty),
    qty_received: row.qty_received === null ? null : exactQuantity(row.qty_received),
    unit_price: Number(row.unit_price),
  }));
}

async function loadReceiptList(knex: Knex | Knex.Transaction, tenantId: string, purchaseOrderId: number): Promise<Receipt[]> {
  const rows: {
    id: string;
    received_on: string;
    note: string | null;
    status: Receipt['status'];
    resolution_note: string | null;
    created_at: Date;
    write_back: ReceiptWriteBackState['status'] | null;
    write_back_reason: string | null;
    write_back_at: Date | null;
    lines: { itemId: string; itemName: string | null; quantityReceived: string | number }[];
  }[] = await knex('purchase_order_receipts as r')
    .where({ 'r.tenant_id': tenantId, 'r.purchase_order_id': purchaseOrderId })
    .orderBy('r.id')
    .select(
      'r.id',
      knex.raw(`to_char(r.received_on, 'YYYY-MM-DD') AS received_on`),
      'r.note',
      'r.status',
      'r.resolution_note',
      'r.created_at',
      'r.write_back',
      'r.write_back_reason',
      'r.write_back_at',
      knex.raw(`(SELECT coalesce(json_agg(json_build_object('itemId', rl.item_qb_id, 'itemName', rl.item_name, 'quantityReceived', rl.quantity_received) ORDER BY rl.id), '[]'::json)
                 FROM purchase_order_receipt_lines rl WHERE rl.tenant_id = r.tenant_id AND rl.receipt_id = r.id) AS lines`),
    );
  return rows.map((row) => ({
    id: Number(row.id),
    receivedOn: row.received_on,
    note: row.note,
    status: row.status,
    resolutionNote: row.resolution_note,
    recordedAt: new Date(row.created_at).toISOString(),
    // A line of one receipt per item: the spread over several PO lines is summed back (receipts.ts).
    lines: mergeByItem(row.lines.map((line) => ({ ...line, quantityReceived: exactQuantity(line.quantityReceived) }))),
    writeBack:
      row.write_back === null
        ? null
        : { status: row.write_back, reason: row.write_back_reason, at: row.write_back_at === null ? null : new Date(row.write_back_at).toISOString() },
  }));
}

function mergeByItem(lines: Receipt['lines']): Receipt['lines'] {
  const byItem = new Map<string, Receipt['lines'][number]>();
  for (const line of lines) {
    const seen = byItem.get(line.itemId);
    byItem.set(line.itemId, seen ? { ...seen, quantityReceived: addQuantities(seen.quantityReceived, line.quantityReceived) } : line);
  }
  return [...byItem.values()];
}

/**
 * Per item of the PO: ordered, received, the over or under against the tolerance and its money
 * at the unit cost (docs/product.md §11). An item beyond tolerance reads as the latest receipt
 * of it was answered: flagged until the broker accepts it or holds it as a claim.
 */
export function summarizeItems(lines: readonly ReceivedLineRow[], receipts: readonly Receipt[], tolerancePercent: number): ReceiptLineSummary[] {
  const items = [...new Set(lines.map((line) => line.item_qb_id))];
  return items.map((itemId) => {
    const of = lines.filter((line) => line.item_qb_id === itemId);
    const ordered = sumQuantities(of, (line) => line.qty);
    const pooled = sumQuantities(of, (line) => line.qty_received ?? line.qty);
    const unitCost = of.at(-1)!.unit_price;
    const base = { itemId, itemName: of[0]!.item_name, ordered, pooled, unitCost };
    if (of.every((line) => line.qty_received === null)) {
      return { ...base, received: null, difference: null, differencePercent: null, withinTolerance: null, differenceAmount: null, state: 'in-production' };
    }
    const { difference, percent, withinTolerance } = receiptDifference(ordered, pooled, tolerancePercent);
    const money = of.reduce((sum, line) => sum + lineAmount((line.qty_received ?? line.qty) - line.qty, line.unit_price), 0);
    const latest = receipts.findLast((receipt) => receipt.lines.some((line) => line.itemId === itemId));
    const state = withinTolerance || !latest || latest.status === 'complete' ? 'received' : latest.status;
    return { ...base, received: pooled, difference, differencePercent: percent, withinTolerance, differenceAmount: toMoneyString(money), state };
  });
}

/** A bulk PO's receipts and its items as received, or undefined for no such PO of the tenant. */
export async function loadReceipts(knex: Knex | Knex.Transaction, tenantId: string, purchaseOrderId: number): Promise<ReceiptsView | undefined> {
  const [programView] = await loadPrograms(knex, tenantId, [purchaseOrderId]);
  if (!programView) return undefined;
  const { program } = programView;
  const po: { qb_id: string | null; sync_token: string | null } = await knex('purchase_orders')
    .where({ tenant_id: tenantId, id: purchaseOrderId })
    .first('qb_id', 'sync_token');
  const lines = await loadReceivedLines(knex, tenantId, purchaseOrderId);
  const receipts = await loadReceiptList(knex, tenantId, purchaseOrderId);
  const summary = summarizeItems(lines, receipts, program.tolerancePercent);
  return {
    poType: programView.poType,
    vendorName: program.vendorName,
    syncToken: po.sync_token,
    lines,
    receipts: {
      purchaseOrderId,
      poNumber: program.poNumber,
      qbId: po.qb_id,
      tolerancePercent: program.tolerancePercent,
      lines: summary,
      receipts,
      // What a receipt form is based on: the receipts and what the PO's lines hold.
      version: documentVersion([receipts.map((receipt) => [receipt.id, receipt.status]), summary.map((line) => [line.itemId, line.ordered, line.received])]),
    },
  };
}

/**
 * The receipts of these purchase orders the broker asked to write to QuickBooks, in the order
 * recorded, per PO: what their history follows of each (domain/trackedFields.ts).
 */
export async function loadReceiptWriteBacks(
  knex: Knex | Knex.Transaction,
  tenantId: string,
  purchaseOrderIds: readonly number[],
): Promise<Map<number, ReceiptWriteBackField[]>> {
  const byOrder = new Map<number, ReceiptWriteBackField[]>();
  if (purchaseOrderIds.length === 0) return byOrder;
  const rows: { purchase_order_id: string; received_on: string; write_back: ReceiptWriteBackState['status']; write_back_reason: string | null }[] = await knex(
    'purchase_order_receipts',
  )
    .where('tenant_id', tenantId)
    .whereIn('purchase_order_id', purchaseOrderIds)
    .whereNotNull('write_back')
    .orderBy('id')
    .select('purchase_order_id', knex.raw(`to_char(received_on, 'YYYY-MM-DD') AS received_on`), 'write_back', 'write_back_reason');
  for (const row of rows) {
    const list = byOrder.get(Number(row.purchase_order_id)) ?? [];
    list.push({ receivedOn: row.received_on, writeBack: { status: row.write_back, reason: row.write_back_reason } });
    byOrder.set(Number(row.purchase_order_id), list);
  }
  return byOrder;
}

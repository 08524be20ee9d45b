import type { Knex } from 'knex';
import { analyzeAfterBulkWrite, insertJsonRows } from '@printpool/service-kit';
import type { AccountingPurchaseOrder } from '@printpool/contracts';
import { isBulkDocNumber } from '@printpool/domain';
import type { ChangeSet } from '../application/changeSet.js';
import { addQuantities, exactQuantity } from '@printpool/domain';
import { bulkMarkers } from './bulkMarkers.js';
import { markDisturbed, redrawDisturbed } from './disturbedOrders.js';
import { addToItemLevels } from '../ledger/levels.js';
import { DRAWN_ON_LINE, poolQuantity, recomputeRemaining, remainingOfNewLine } from '../ledger/remainingQuantity.js';
import { DOCUMENT_TOTAL_COLUMNS, documentTotals } from './documentTotals.js';
import { formatAddress } from '../domain/address.js';

interface LineValues {
  line_no: number;
  item_qb_id: string | null;
  item_name: string | null;
  description: string | null;
  qty: number;
  unit_price: number;
  kind: 'item' | 'expense';
  /** QuickBooks' line Amount, to the cent. */
  amount: number;
  /** The customer the line was bought for in QuickBooks (docs/product.md §12). */
  customer_qb_id: string | null;
}

interface UpsertedOrder {
  id: number | string;
  qb_id: string;
  po_type: string;
  source_status: string;
  override_status: string | null;
}

/** In the pool: ledger/openBulk.ts's condition, on the row as the upsert left it. */
const isOpenBulk = (row: UpsertedOrder) => row.po_type === 'BULK' && (row.override_status ?? row.source_status) === 'open';

interface ExistingLine extends Omit<LineValues, 'unit_price' | 'amount'> {
  id: number;
  purchase_order_id: number;
  qb_line_id: string | null;
  unit_price: string | number;
  amount: string | number | null;
  /** Units the ledger holds on the line. */
  drawn: number;
  /** What receipts brought of the line; null while in production. */
  qty_received: number | null;
}

/**
 * Upserts a batch of QuickBooks purchase orders in one statement keyed by (tenant_id, qb_id),
 * classifying each BULK or STANDARD by the tenant's marker. A broker's status override is never
 * touched by a sync. Lines are matched by QuickBooks line id; each line's remaining quantity is
 * its quantity less what the ledger holds on it. A sales order whose draw a change invalidates
 * (line gone, item changed, quantity below what is drawn) is drawn again. Orders the new
 * purchase orders may serve are the caller's to re-allocate (reallocateOrders).
 */
export async function importPurchaseOrders(
  trx: Knex.Transaction,
  tenantId: string,
  orders: readonly AccountingPurchaseOrder[],
  changes: ChangeSet,
): Promise<void> {
  if (orders.length === 0) return;
  const { bulkPoSuffix } = await bulkMarkers(trx, tenantId);
  const upserted = await insertJsonRows<UpsertedOrder>(trx, {
    table: 'purchase_orders',
    // updated_at is left to its default, now(), which the upsert's merge takes too.
    rows: orders.map((order) => ({
      tenant_id: tenantId,
      qb_id: order.qbId,
      po_number: order.docNumber?.trim() || `QB-${order.qbId}`,
      vendor_qb_id: order.vendorQbId,
      vendor_name: order.vendorName,
      vendor_email: order.vendorEmail,
      po_type: isBulkDocNumber(order.docNumber, bulkPoSuffix) ? 'BULK' : 'STANDARD',
      source_status: order.status,
      txn_date: order.txnDate,
      total_amount: order.totalAmount,
      ...documentTotals(order),
      memo: order.memo,
      terms: order.terms ?? null,
      ship_address: formatAddress(order.shipAddress),
      sync_token: order.syncToken,
      qb_updated_at: order.qbUpdatedAt,
    })),
    upsert: {
      conflict: ['tenant_id', 'qb_id'],
      merge: [
        'po_number',
        'vendor_qb_id',
        'vendor_name',
        'vendor_email',
        'po_type',
        'source_status',
        'txn_date',
        'total_amount',
        ...DOCUMENT_TOTAL_COLUMNS,
        'memo',
        'terms',
        'ship_address',
        'sync_token',
        'qb_updated_at',
        'updated_at',
      ],
      // An older version delivered late must not undo a newer one.
      where: 'purchase_orders.qb_updated_at IS NULL OR purchase_orders.qb_updated_at <= excluded.qb_updated_at',
    },
    returning: ['id', 'qb_id', 'po_type', 'source_status', 'override_status'],
  });
  if (upserted.length === 0) return;

  const idByQbId = new Map(upserted.map((row) => [row.qb_id, Number(row.id)]));
  const inPool = new Set(upserted.filter(isOpenBulk).map((row) => Number(row.id)));
  const existing = await lockLines(trx, tenantId, [...idByQbId.values()]);
  const disturbed = new Set<number>();
  const inserts: Record<string, unknown>[] = [];
  const updates: { id: number; values: LineValues & { qty_ordered?: null } }[] = [];
  const removed: number[] = [];
  /** Units the new lines add to the pool, per item (0 for a purchase order outside it): their levels move by them. */
  const added = new Map<string, number>();

  for (const order of orders) {
    const poId = idByQbId.get(order.qbId);
    if (poId === undefined) continue;
    changes.purchaseOrders.add(poId);
    const old = new Map((existing.get(poId) ?? []).map((line) => [line.qb_line_id ?? `#${line.id}`, line]));
    for (const [index, line] of order.lines.entries()) {
      const expense = line.kind === 'expense';
      const values: LineValues = {
        line_no: index + 1,
        // An expense line is money booked to an account, never stock: no item, no units to draw.
        item_qb_id: expense ? null : line.itemQbId,
        item_name: line.itemName,
        description: line.description,
        qty: expense ? 0 : exactQuantity(line.qty),
        unit_price: expense ? 0 : line.unitPrice,
        kind: expense ? 'expense' : 'item',
        amount: line.amount,
        customer_qb_id: expense ? null : (line.customerQbId ?? null),
      };
      const before = old.get(line.lineId);
      old.delete(line.lineId);
      if (!before) {
        inserts.push({ ...values, tenant_id: tenantId, purchase_order_id: poId, qb_line_id: line.lineId, ...remainingOfNewLine(values.qty) });
        // A line outside the pool moves no level, but its item has one from its first purchase order on.
        if (values.item_qb_id) added.set(values.item_qb_id, addQuantities(added.get(values.item_qb_id) ?? 0, inPool.has(poId) ? values.qty : 0));
        continue;
      }
      if (values.item_qb_id) changes.items.add(values.item_qb_id);
      if (before.item_qb_id) changes.items.add(before.item_qb_id);
      if (before.drawn > 0 && (before.item_qb_id !== values.item_qb_id || poolQuantity({ ...values, qty_received: before.qty_received }) < before.drawn))
        await markDisturbed(trx, tenantId, before.id, disturbed);
      // A Qty other than what was received is QuickBooks ordering anew: the run is measured against it again,
      // no longer against the quantity a receipt's write-back replaced (orders/receiptWriteBack.ts).
      const reordered = values.qty !== before.qty && values.qty !== before.qty_received;
      if (!sameLine(before, values)) updates.push({ id: before.id, values: reordered ? { ...values, qty_ordered: null } : values });
    }
    for (const gone of old.values()) {
      if (gone.item_qb_id) changes.items.add(gone.item_qb_id);
      if (gone.drawn > 0) await markDisturbed(trx, tenantId, gone.id, disturbed);
      removed.push(gone.id);
    }
  }
  await redrawDisturbed(trx, tenantId, [...disturbed], changes, async () => {
    if (removed.length) await trx('purchase_order_lines').where('tenant_id', tenantId).whereIn('id', removed).delete();
    for (const update of updates) await trx('purchase_order_lines').where({ id: update.id, tenant_id: tenantId }).update(update.values);
    await insertJsonRows(trx, { table: 'purchase_order_lines', rows: inserts });
    const { moved, unstored } = await addToItemLevels(trx, tenantId, added);
    for (const item of moved) changes.levelsMoved.add(item);
    for (const item of unstored) changes.items.add(item);
    if (updates.length)
      await recomputeRemaining(
        trx,
        tenantId,
        updates.map((update) => update.id),
      );
  });
  await analyzeAfterBulkWrite(trx, 'purchase_orders', upserted.length);
  await analyzeAfterBulkWrite(trx, 'purchase_order_lines', inserts.length);
}

/** The current lines of these purchase orders, locked against concurrent draws, with what the ledger holds on each. */
async function lockLines(trx: Knex.Transaction, tenantId: string, poIds: number[]): Promise<Map<number, ExistingLine[]>> {
  // numeric quantities arrive as strings (013_fractional_quantities.ts).
  const rows: (Omit<ExistingLine, 'qty' | 'drawn' | 'qty_received'> & { qty: string; drawn: string; qty_received: string | null })[] = (
    await trx.raw(
      `SELECT l.id, l.purchase_order_id, l.qb_line_id, l.line_no, l.item_qb_id, l.item_name, l.description, l.qty, l.qty_received, l.unit_price, l.kind, l.amount, l.customer_qb_id,
              ${DRAWN_ON_LINE} AS drawn
       FROM purchase_order_lines l
       WHERE l.tenant_id = ? AND l.purchase_order_id = ANY(?::bigint[])
       ORDER BY l.id
       FOR UPDATE OF l`,
      [tenantId, poIds],
    )
  ).rows;
  const grouped = new Map<number, ExistingLine[]>();
  for (const row of rows) {
    const list = grouped.get(Number(row.purchase_order_id)) ?? [];
    list.push({
      ...row,
      id: Number(row.id),
      qty: exactQuantity(row.qty),
      qty_received: row.qty_received === null ? null : exactQuantity(row.qty_received),
      drawn: exactQuantity(row.drawn),
    });
    grouped.set(Number(row.purchase_order_id), list);
  }
  return grouped;
}

function sameLine(before: ExistingLine, values: LineValues): boolean {
  return (
    before.line_no === values.line_no &&
    before.item_qb_id === values.item_qb_id &&
    before.item_name === values.item_name &&
    before.description === values.description &&
    before.qty === values.qty &&
    Number(before.unit_price) === values.unit_price &&
    before.kind === values.kind &&
    before.customer_qb_id === values.customer_qb_id &&
    before.amount !== null &&
    Number(before.amount) === values.amount
  );
}

import type { Knex } from 'knex';
import type { ChangeSet } from '../events/changeSet.js';
import { planDraws, requirementOf, type DemandLine, type SupplyLine } from '../domain/coverage.js';
import { drawLines, type DrawnOrder, type PurchaseOrderHeader } from './drawLines.js';
import { OPEN_BULK_PO } from './openBulk.js';

export interface AllocationDemandLine extends DemandLine {
  salesOrderLineId: number;
}

export interface AllocateOptions {
  /** Tried before any other purchase order (the one the order already used). */
  preferPoId?: number | null;
  /** Only this purchase order may be used (the broker chose it). */
  onlyPoId?: number | null;
  /**
   * Written with the draw, in its statement: the order's status once drawn (with its bulkPoId
   * and a cleared allocation note) and its change event, so no further round trip is made
   * while the draw's locks are held.
   */
  drawnOrder?: DrawnOrder;
}

const MAX_CANDIDATES = 20;

/**
 * Draws a sales order's lines from one open bulk purchase order that covers every item, the
 * oldest first (txnDate, then id), and answers its id, or null when none covers the order.
 *
 * Candidates are found without locks, then the chosen order's needed lines are locked in one
 * SELECT … FOR UPDATE in id order (every transaction takes PO lines in that order, so none
 * deadlocks), which reads their latest committed values, and coverage is checked again before
 * drawing: concurrent allocations serialize on the lines they share and no line goes below
 * zero. While those locks are held everything else the draw changes is one statement
 * (drawLines), so they are held for two round trips and the commit.
 * The caller has released the order's previous draws in the same transaction.
 */
export async function allocate(
  trx: Knex.Transaction,
  tenantId: string,
  salesOrderId: number,
  demand: readonly AllocationDemandLine[],
  changes: ChangeSet,
  options: AllocateOptions = {},
): Promise<number | null> {
  const need = requirementOf(demand);
  if (need.size === 0) return null;
  const candidates = await coveringPurchaseOrders(trx, tenantId, need, options);
  for (const poId of candidates) {
    const locked = await lockSupply(trx, tenantId, poId, [...need.keys()]);
    const draws = locked && planDraws(demand, locked.lines);
    if (!locked || !draws) continue;
    const { levelsMoved } = await drawLines(trx, tenantId, { salesOrderId, header: locked.header, demand, draws, drawnOrder: options.drawnOrder });
    // An item without a stored level yet is left to the change set, which creates it from the ledger.
    for (const item of need.keys()) if (!levelsMoved.has(item)) changes.items.add(item);
    return poId;
  }
  return null;
}

/** Open bulk purchase orders whose remaining quantities cover `need`, in the order to try them. */
async function coveringPurchaseOrders(trx: Knex.Transaction, tenantId: string, need: Map<string, number>, options: AllocateOptions): Promise<number[]> {
  const items = [...need.keys()];
  const needValues = items.map(() => '(?::text, ?::int)').join(', ');
  const needBindings = items.flatMap((item) => [item, need.get(item)!]);
  const only = options.onlyPoId ?? null;
  const prefer = options.preferPoId ?? null;
  const rows: { id: number }[] = (
    await trx.raw(
      `WITH need(item_qb_id, qty) AS (VALUES ${needValues}),
       supply AS (
         SELECT l.purchase_order_id, l.item_qb_id, sum(l.qty_remaining) AS remaining
         FROM purchase_order_lines l
         WHERE l.tenant_id = ? AND l.item_qb_id IN (SELECT item_qb_id FROM need)
         GROUP BY l.purchase_order_id, l.item_qb_id
       )
       SELECT po.id
       FROM purchase_orders po
       JOIN supply s ON s.purchase_order_id = po.id
       JOIN need n ON n.item_qb_id = s.item_qb_id AND s.remaining >= n.qty
       WHERE po.tenant_id = ? AND ${OPEN_BULK_PO} AND (?::bigint IS NULL OR po.id = ?::bigint)
       GROUP BY po.id, po.txn_date
       HAVING count(*) = ?
       ORDER BY (po.id = ?::bigint) IS TRUE DESC, po.txn_date ASC NULLS LAST, po.id ASC
       LIMIT ${MAX_CANDIDATES}`,
      [...needBindings, tenantId, tenantId, only, only, items.length, prefer],
    )
  ).rows;
  return rows.map((row) => Number(row.id));
}

interface LockedSupply {
  lines: SupplyLine[];
  header: PurchaseOrderHeader;
}

/**
 * The purchase order's lines for these items, locked, with their latest remaining quantities
 * and the order's own fields; undefined when it is no longer an open bulk order of the tenant.
 * The order's row is share-locked: closing or deleting it waits for this draw to commit, so
 * the item levels the draw moves by its quantities stay right (the closing transaction then
 * recomputes them without this order).
 */
async function lockSupply(trx: Knex.Transaction, tenantId: string, poId: number, items: string[]): Promise<LockedSupply | undefined> {
  const { rows } = (await trx.raw(
    `SELECT l.id, l.item_qb_id, l.qty_remaining, po.qb_id, po.po_number, po.override_status, po.vendor_name
     FROM purchase_order_lines l JOIN purchase_orders po ON po.id = l.purchase_order_id
     WHERE l.tenant_id = ? AND l.purchase_order_id = ? AND po.tenant_id = ? AND ${OPEN_BULK_PO} AND l.item_qb_id IN (${items.map(() => '?').join(', ')})
     ORDER BY l.id
     FOR UPDATE OF l FOR SHARE OF po`,
    [tenantId, poId, tenantId, ...items],
  )) as { rows: { id: number | string; item_qb_id: string; qty_remaining: number; qb_id: string | null; po_number: string; override_status: string | null; vendor_name: string | null }[] };
  const first = rows[0];
  if (!first) return undefined;
  return {
    lines: rows.map((row) => ({ id: Number(row.id), itemQbId: row.item_qb_id, qtyRemaining: row.qty_remaining })),
    // OPEN_BULK_PO held under the lock: a BULK order whose effective status is open.
    header: { purchaseOrderId: poId, qbId: first.qb_id, poNumber: first.po_number, poType: 'BULK', status: 'open', overrideStatus: first.override_status !== null, vendorName: first.vendor_name, deleted: false },
  };
}

import type { Knex } from 'knex';
import type { ChangeSet } from '../events/changeSet.js';
import { planDraws, requirementOf, type DemandLine, type SupplyLine } from '../domain/coverage.js';
import { OPEN_BULK_PO } from './openBulk.js';

export interface AllocationDemandLine extends DemandLine {
  salesOrderLineId: number;
}

export interface AllocateOptions {
  /** Tried before any other purchase order (the one the order already used). */
  preferPoId?: number | null;
  /** Only this purchase order may be used (the broker chose it). */
  onlyPoId?: number | null;
}

const MAX_CANDIDATES = 20;

/**
 * Draws a sales order's lines from one open bulk purchase order that covers every item, the
 * oldest first (txnDate, then id), and answers its id, or null when none covers the order.
 *
 * Candidates are found without locks, then the chosen order's lines are locked (FOR UPDATE,
 * which reads their latest committed values) and coverage is checked again before drawing, so
 * concurrent allocations serialize on the lines they share and no line goes below zero.
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
    const supply = await lockSupply(trx, tenantId, poId, [...need.keys()]);
    const draws = planDraws(demand, supply);
    if (!draws) continue;
    await trx('allocations').insert(
      draws.map((draw) => ({
        tenant_id: tenantId,
        sales_order_id: salesOrderId,
        sales_order_line_id: demand[draw.demandIndex]!.salesOrderLineId,
        purchase_order_line_id: draw.supplyLineId,
        item_qb_id: draw.itemQbId,
        qty: draw.qty,
      })),
    );
    const perLine = new Map<number, number>();
    for (const draw of draws) perLine.set(draw.supplyLineId, (perLine.get(draw.supplyLineId) ?? 0) + draw.qty);
    for (const [lineId, qty] of perLine) {
      await trx('purchase_order_lines').where({ id: lineId, tenant_id: tenantId }).decrement('qty_remaining', qty);
    }
    for (const item of need.keys()) changes.items.add(item);
    changes.purchaseOrders.add(poId);
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

/** The purchase order's lines for these items, locked, with their latest remaining quantities. */
async function lockSupply(trx: Knex.Transaction, tenantId: string, poId: number, items: string[]): Promise<SupplyLine[]> {
  const rows: { id: number; item_qb_id: string; qty_remaining: number }[] = await trx('purchase_order_lines as l')
    .join('purchase_orders as po', 'po.id', 'l.purchase_order_id')
    .where({ 'l.tenant_id': tenantId, 'l.purchase_order_id': poId })
    .whereRaw(OPEN_BULK_PO)
    .whereIn('l.item_qb_id', items)
    .orderBy('l.id')
    .forUpdate('l')
    .select('l.id', 'l.item_qb_id', 'l.qty_remaining');
  return rows.map((row) => ({ id: Number(row.id), itemQbId: row.item_qb_id, qtyRemaining: row.qty_remaining }));
}

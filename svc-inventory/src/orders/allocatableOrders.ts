import type { Drift } from '@printpool/contracts';
import type { Knex } from 'knex';
import { oldestFirstSql } from '../domain/oldestFirst.js';
import { remainingPer } from '../ledger/remainingQuantity.js';
import { HAS_PULL_TICKET, MAY_BE_REALLOCATED } from './movableOrders.js';

/** An order left without a bulk PO although an open one covers it now (reconcile); `coveringPoId` is the oldest, as the pool stands. */
export type AllocatableOrderDrift = Extract<Drift, { kind: 'allocatable-order' }>;

/**
 * Orders without a bulk PO that re-allocation would give one: not cancelled, not left without
 * one by the broker, no pull ticket, and an open bulk PO holding every item they need with
 * enough remaining. Re-allocation leaves none (an order it leaves waiting is one no PO covers
 * after the older orders), so any is an allocation a fault cut short.
 */
export async function allocatableOrderDrift(trx: Knex.Transaction, tenantId: string | undefined): Promise<AllocatableOrderDrift[]> {
  const { rows } = (await trx.raw(
    `WITH waiting AS (
       SELECT so.id, so.tenant_id, so.so_number FROM sales_orders so
       WHERE (:tenantId::text IS NULL OR so.tenant_id = :tenantId) AND so.bulk_po_id IS NULL AND ${MAY_BE_REALLOCATED} AND NOT ${HAS_PULL_TICKET}
     ),
     need AS (
       SELECT w.tenant_id, sl.sales_order_id, sl.item_qb_id, sum(sl.quantity) AS qty, count(*) OVER (PARTITION BY sl.sales_order_id) AS items
       FROM waiting w JOIN sales_order_lines sl ON sl.sales_order_id = w.id
       WHERE sl.item_qb_id IS NOT NULL AND sl.quantity > 0
       GROUP BY w.tenant_id, sl.sales_order_id, sl.item_qb_id
     ),
     supply AS (${remainingPer(['tenant_id', 'purchase_order_id', 'item_qb_id'], '(l.tenant_id, l.item_qb_id) IN (SELECT tenant_id, item_qb_id FROM need)', { inPool: true })}),
     covering AS (
       SELECT n.sales_order_id, s.purchase_order_id
       FROM need n JOIN supply s ON s.tenant_id = n.tenant_id AND s.item_qb_id = n.item_qb_id AND s.remaining >= n.qty
       GROUP BY n.sales_order_id, s.purchase_order_id, n.items
       HAVING count(*) = n.items
     )
     SELECT * FROM (
       SELECT DISTINCT ON (w.id) w.tenant_id, w.id, w.so_number, po.id AS purchase_order_id
       FROM covering c JOIN waiting w ON w.id = c.sales_order_id JOIN purchase_orders po ON po.id = c.purchase_order_id
       ORDER BY w.id, ${oldestFirstSql('po')}
     ) first_covering
     ORDER BY tenant_id, id`,
    { tenantId: tenantId ?? null },
  )) as { rows: { tenant_id: string; id: number | string; so_number: string; purchase_order_id: number | string }[] };
  return rows.map((row) => ({
    kind: 'allocatable-order',
    tenantId: row.tenant_id,
    salesOrderId: Number(row.id),
    soNumber: row.so_number,
    coveringPoId: Number(row.purchase_order_id),
  }));
}

import type { Knex } from 'knex';
import type { ChangeSet } from '../application/changeSet.js';

/** The history action of an order its shipped tickets fulfilled (docs/product.md §4). */
export const FULFILLED = 'Fulfilled';

/**
 * Marks an accepted order 'completed' once every unit of its lines is on shipped (or delivered)
 * tickets, so the list, the tallies and the other services see what its tickets say
 * (docs/product.md §4). Its draws stay as they were: a completed order still holds its goods
 * (goodsCommitted, libs/domain salesOrderStatus.ts).
 */
export async function completeWhenShipped(trx: Knex.Transaction, tenantId: string, salesOrderId: number, changes: ChangeSet): Promise<boolean> {
  const { rows }: { rows: { short: string; lines: string }[] } = await trx.raw(
    `WITH ordered AS (
       SELECT item_qb_id AS item_id, sum(quantity) AS quantity FROM sales_order_lines
       WHERE tenant_id = ? AND sales_order_id = ? AND item_qb_id IS NOT NULL GROUP BY item_qb_id
     ), shipped AS (
       SELECT i->>'item_id' AS item_id, sum((i->>'qty')::numeric) AS quantity
       FROM pull_tickets pt CROSS JOIN jsonb_array_elements(pt.items) i
       WHERE pt.tenant_id = ? AND pt.sales_order_id = ? AND pt.status IN ('shipped', 'delivered') GROUP BY 1
     )
     SELECT count(*) FILTER (WHERE coalesce(s.quantity, 0) < o.quantity) AS short, count(*) AS lines
     FROM ordered o LEFT JOIN shipped s ON s.item_id = o.item_id`,
    [tenantId, salesOrderId, tenantId, salesOrderId],
  );
  const [tally] = rows;
  if (!tally || Number(tally.lines) === 0 || Number(tally.short) > 0) return false;
  const updated = await trx('sales_orders')
    .where({ tenant_id: tenantId, id: salesOrderId, status: 'processing' })
    .update({ status: 'completed', updated_at: trx.fn.now() });
  if (updated === 0) return false;
  changes.because('sales-order', salesOrderId, FULFILLED);
  changes.salesOrders.add(salesOrderId);
  return true;
}

import type { Knex } from 'knex';
import { preparedStatement } from '@printpool/service-kit';
import type { ChangeNotes } from './changeNotes.js';
import { GIVE_BACK_RELEASED } from './remainingQuantity.js';

/**
 * Releases every unreleased draw of a sales order and gives the units back to the PO lines.
 * The ledger rows stay, stamped released_at, as the history of what the order held. Two
 * statements however many lines the order draws from (a 500-line order's edit gave each line
 * back in a statement of its own): the lines are locked in id order, as every transaction that
 * locks PO lines takes them, then released and given back together.
 */
export async function releaseAllocation(trx: Knex.Transaction, tenantId: string, salesOrderId: number, changes: ChangeNotes): Promise<void> {
  await preparedStatement(trx, LOCK_DRAWN_LINES, { tenantId, salesOrderId });
  const { rows } = (await preparedStatement(trx, RELEASE_ORDER, { tenantId, salesOrderId })) as {
    rows: { item_qb_id: string; purchase_order_id: number | string | null }[];
  };
  for (const row of rows) {
    changes.items.add(row.item_qb_id);
    // A line gone since it was drawn from has nothing to take back.
    if (row.purchase_order_id !== null) changes.purchaseOrders.add(Number(row.purchase_order_id));
  }
}

const LOCK_DRAWN_LINES = `
SELECT l.id FROM purchase_order_lines l
WHERE l.tenant_id = :tenantId AND l.id IN (
  SELECT a.purchase_order_line_id FROM allocations a WHERE a.tenant_id = :tenantId AND a.sales_order_id = :salesOrderId AND a.released_at IS NULL)
ORDER BY l.id
FOR UPDATE OF l`;

const RELEASE_ORDER = `
WITH released AS (
  UPDATE allocations SET released_at = now()
  WHERE tenant_id = :tenantId AND sales_order_id = :salesOrderId AND released_at IS NULL
  RETURNING purchase_order_line_id, item_qb_id, qty
),
given_back AS (${GIVE_BACK_RELEASED})
SELECT DISTINCT released.item_qb_id, given_back.purchase_order_id
FROM released LEFT JOIN given_back ON given_back.id = released.purchase_order_line_id`;

/**
 * Releases every unreleased draw of several sales orders in one statement. The caller holds
 * the locks of the lines they draw from (lockPoolLines), so the lines are given back in any order.
 */
export async function releaseAllocations(trx: Knex.Transaction, tenantId: string, salesOrderIds: readonly number[], changes: ChangeNotes): Promise<void> {
  if (salesOrderIds.length === 0) return;
  const { rows } = (await trx.raw(
    `WITH released AS (
       UPDATE allocations SET released_at = now()
       WHERE tenant_id = :tenantId AND sales_order_id = ANY(:salesOrderIds::bigint[]) AND released_at IS NULL
       RETURNING purchase_order_line_id, item_qb_id, qty
     ),
     given_back AS (${GIVE_BACK_RELEASED})
     SELECT DISTINCT released.item_qb_id, given_back.purchase_order_id
     FROM released JOIN given_back ON given_back.id = released.purchase_order_line_id`,
    { tenantId, salesOrderIds: [...salesOrderIds] },
  )) as { rows: { item_qb_id: string; purchase_order_id: number | string }[] };
  for (const row of rows) {
    changes.items.add(row.item_qb_id);
    changes.purchaseOrders.add(Number(row.purchase_order_id));
  }
}

import type { Knex } from 'knex';
import { addQuantities, exactQuantity } from '@printpool/domain';
import type { ChangeNotes } from './changeNotes.js';
import { GIVE_BACK_RELEASED, giveBackToLine } from './remainingQuantity.js';

/**
 * Releases every unreleased draw of a sales order and gives the units back to the PO lines.
 * The ledger rows stay, stamped released_at, as the history of what the order held.
 */
export async function releaseAllocation(trx: Knex.Transaction, tenantId: string, salesOrderId: number, changes: ChangeNotes): Promise<void> {
  const released: { purchase_order_line_id: number; item_qb_id: string; qty: string }[] = await trx('allocations')
    .where({ tenant_id: tenantId, sales_order_id: salesOrderId })
    .whereNull('released_at')
    .update({ released_at: trx.fn.now() })
    .returning(['purchase_order_line_id', 'item_qb_id', 'qty']);
  if (released.length === 0) return;
  const back = new Map<number, number>();
  for (const row of released) {
    back.set(row.purchase_order_line_id, addQuantities(back.get(row.purchase_order_line_id) ?? 0, exactQuantity(row.qty)));
    changes.items.add(row.item_qb_id);
  }
  // Lines in id order, as every transaction that locks PO lines takes them.
  for (const [lineId, qty] of [...back].sort((a, b) => a[0] - b[0])) {
    const purchaseOrderId = await giveBackToLine(trx, tenantId, lineId, qty);
    if (purchaseOrderId !== undefined) changes.purchaseOrders.add(purchaseOrderId);
  }
}

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

import type { Knex } from 'knex';
import type { ChangeSet } from '../application/changeSet.js';
import { releaseAllocation } from '../ledger/release.js';
import { statusFromEstimate, type SalesOrderStatus, type TxnStatus } from '../domain/salesOrderStatus.js';
import { NO_COVERING_PO, redraw, stillChosen } from './drawSalesOrder.js';

/**
 * Sales orders whose purchase order lines change under them (a line removed or cut below what
 * is drawn, a purchase order deleted): their draws are released, `change` is applied, and each
 * is drawn again, from the same purchase order when it still covers it. One left uncovered
 * waits as 'pending' (when its estimate is still Pending) with the reason noted.
 */
export async function redrawDisturbed(
  trx: Knex.Transaction,
  tenantId: string,
  salesOrderIds: number[],
  changes: ChangeSet,
  change: () => Promise<void>,
): Promise<void> {
  const orders: { id: number; bulk_po_id: number | null; status: SalesOrderStatus; txn_status: TxnStatus | null }[] = salesOrderIds.length
    ? await trx('sales_orders')
        .where('tenant_id', tenantId)
        .whereIn('id', salesOrderIds)
        .orderBy('id')
        .forUpdate()
        .select('id', 'bulk_po_id', 'status', 'txn_status')
    : [];
  for (const order of orders) await releaseAllocation(trx, tenantId, Number(order.id), changes);
  await change();
  for (const order of orders) {
    const id = Number(order.id);
    const poId = await redraw(trx, tenantId, id, changes, { preferPoId: order.bulk_po_id === null ? null : Number(order.bulk_po_id) });
    const status = order.status === 'active' && poId === null && order.txn_status ? statusFromEstimate(order.txn_status, false) : order.status;
    await trx('sales_orders')
      .where({ id, tenant_id: tenantId })
      .update({
        bulk_po_id: poId,
        status,
        allocation_note: poId === null ? NO_COVERING_PO : null,
        po_chosen_by_broker: stillChosen(trx, poId),
        updated_at: trx.fn.now(),
      });
    changes.salesOrders.add(id);
  }
}

/** Notes the orders holding units on the line in `disturbed`: a change about to cut the line from under them. */
export async function markDisturbed(trx: Knex.Transaction, tenantId: string, lineId: number, disturbed: Set<number>): Promise<void> {
  const rows: { sales_order_id: number }[] = await trx('allocations')
    .where({ tenant_id: tenantId, purchase_order_line_id: lineId })
    .whereNull('released_at')
    .distinct('sales_order_id');
  for (const row of rows) disturbed.add(Number(row.sales_order_id));
}

import type { Knex } from 'knex';
import type { ChangeSet } from '../application/changeSet.js';
import { takePoolLock } from '../ledger/poolLock.js';
import { releaseAllocation } from '../ledger/release.js';
import { refuseWhileTicketsOpen } from './openTickets.js';
import { drawWaitingOrders } from './drawWaitingOrders.js';

/** Deletes sales orders after releasing what they hold; answers how many existed. */
export async function deleteSalesOrders(trx: Knex.Transaction, tenantId: string, ids: number[], changes: ChangeSet): Promise<number> {
  const rows: { id: number }[] = await trx('sales_orders').where('tenant_id', tenantId).whereIn('id', ids).orderBy('id').forUpdate().select('id');
  for (const row of rows) {
    const id = Number(row.id);
    await releaseAllocation(trx, tenantId, id, changes);
    await changes.salesOrderDeleted(trx, id);
    await trx('sales_orders').where({ id, tenant_id: tenantId }).delete();
  }
  return rows.length;
}

/**
 * The broker deletes a sales order: what it held goes at once to the orders waiting for it, as
 * when an edit frees units (editSalesOrder.ts, drawWaitingOrders.ts). Refused while a pull ticket of it is open
 * (openTickets.ts). Answers whether it existed.
 */
export async function deleteSalesOrderForBroker(trx: Knex.Transaction, tenantId: string, id: number, changes: ChangeSet): Promise<boolean> {
  await takePoolLock(trx, tenantId);
  await refuseWhileTicketsOpen(trx, tenantId, id);
  const heldOn: (number | string)[] = await trx('allocations')
    .join('purchase_order_lines', 'purchase_order_lines.id', 'allocations.purchase_order_line_id')
    .where({ 'allocations.tenant_id': tenantId, 'allocations.sales_order_id': id })
    .whereNull('allocations.released_at')
    .distinct('purchase_order_lines.purchase_order_id')
    .pluck('purchase_order_lines.purchase_order_id');
  if ((await deleteSalesOrders(trx, tenantId, [id], changes)) === 0) return false;
  await drawWaitingOrders(trx, tenantId, new Set(heldOn.map(Number)), changes);
  return true;
}

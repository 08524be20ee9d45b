import type { Knex } from 'knex';
import type { ChangeSet } from '../events/changeSet.js';
import { statusFromEstimate, type TxnStatus } from '../domain/salesOrderStatus.js';
import { redraw } from './drawSalesOrder.js';

const RETRY_BATCH = 500;

/**
 * Orders left without a bulk PO because none covered them (allocation_note set) are tried
 * again, oldest first, after purchase orders arrive or change: a full sync may deliver
 * estimates before the purchase orders that cover them.
 */
export async function retryUncoveredSalesOrders(trx: Knex.Transaction, tenantId: string, changes: ChangeSet): Promise<void> {
  const waiting: { id: number; txn_status: TxnStatus | null }[] = await trx('sales_orders')
    .where('tenant_id', tenantId)
    .whereNotNull('allocation_note')
    .whereNull('bulk_po_id')
    .whereNot('status', 'cancelled')
    .orderBy(['created_at', 'id'])
    .limit(RETRY_BATCH)
    .forUpdate()
    .select('id', 'txn_status');
  for (const order of waiting) {
    const id = Number(order.id);
    const poId = await redraw(trx, tenantId, id, changes, {});
    if (poId === null) continue;
    changes.salesOrders.add(id);
    await trx('sales_orders')
      .where({ id, tenant_id: tenantId })
      .update({ bulk_po_id: poId, allocation_note: null, status: statusFromEstimate(order.txn_status ?? 'Pending', true) });
  }
}

import type { Knex } from 'knex';
import type { ChangeSet } from '../events/changeSet.js';
import { allocateOrders } from '../ledger/allocateOrders.js';
import { statusFromEstimate, type TxnStatus } from '../domain/salesOrderStatus.js';
import { loadDemands } from './salesOrderLines.js';

const RETRY_BATCH = 500;

/**
 * Orders left without a bulk PO because none covered them (allocation_note set, nothing drawn)
 * are tried again, oldest first, after purchase orders arrive or change: a full sync may
 * deliver estimates before the purchase orders that cover them. They are drawn together
 * (allocateOrders); an order still uncovered is left as it is. Given `items` (those the changed
 * purchase orders hold), only orders needing one of them are tried: no other can have become
 * coverable.
 */
export async function retryUncoveredSalesOrders(trx: Knex.Transaction, tenantId: string, changes: ChangeSet, items?: readonly string[]): Promise<void> {
  if (items?.length === 0) return;
  const waiting: { id: number | string; txn_status: TxnStatus | null }[] = await trx('sales_orders as so')
    .where('so.tenant_id', tenantId)
    .whereNotNull('so.allocation_note')
    .whereNull('so.bulk_po_id')
    .whereNot('so.status', 'cancelled')
    .whereNotExists((held) => held.select(trx.raw('1')).from('allocations as a').whereRaw('a.sales_order_id = so.id').whereNull('a.released_at'))
    .modify((query) => {
      if (items) query.whereExists((needs) => needs.select(trx.raw('1')).from('sales_order_lines as sl').whereRaw('sl.sales_order_id = so.id').whereIn('sl.item_qb_id', items));
    })
    .orderBy(['so.created_at', 'so.id'])
    .limit(RETRY_BATCH)
    .forUpdate()
    .select('so.id', 'so.txn_status');
  if (waiting.length === 0) return;
  const demands = await loadDemands(trx, tenantId, waiting.map((order) => Number(order.id)));
  await allocateOrders(
    trx,
    tenantId,
    waiting.map((order) => {
      const salesOrderId = Number(order.id);
      return {
        salesOrderId,
        demand: demands.get(salesOrderId) ?? [],
        settle: (bulkPoId) => bulkPoId === null ? null : { salesOrderId, status: statusFromEstimate(order.txn_status ?? 'Pending', true), bulkPoId, allocationNote: null },
      };
    }),
    changes,
  );
}

import type { Knex } from 'knex';
import { notFound } from '@printpool/service-kit';
import type { ChangeSet } from '../application/changeSet.js';
import type { PurchaseOrder } from '@printpool/contracts';

type PurchaseOrderStatus = PurchaseOrder['status'];
import { takePoolTurn } from '../ledger/poolTurns.js';
import { reallocateOrders } from './reallocateOrders.js';

/**
 * The broker's status override (Purchase Orders page). It wins over QuickBooks' status until
 * changed again, and decides whether a bulk PO is in the pool: closing one takes its remaining
 * units out of virtual inventory (what is drawn stays drawn); opening one re-allocates the
 * orders it may now serve, as an import of purchase orders does.
 */
export async function overrideStatus(trx: Knex.Transaction, tenantId: string, id: number, status: PurchaseOrderStatus, changes: ChangeSet): Promise<void> {
  await takePoolTurn(trx, tenantId);
  const updated = await trx('purchase_orders').where({ id, tenant_id: tenantId }).update({ override_status: status, updated_at: trx.fn.now() }).returning('id');
  if (updated.length === 0) throw notFound('Purchase order');
  changes.purchaseOrders.add(id);
  const items: { item_qb_id: string }[] = await trx('purchase_order_lines')
    .where({ tenant_id: tenantId, purchase_order_id: id })
    .whereNotNull('item_qb_id')
    .distinct('item_qb_id');
  for (const row of items) changes.items.add(row.item_qb_id);
  if (status === 'open') await reallocateOrders(trx, tenantId, changes);
}

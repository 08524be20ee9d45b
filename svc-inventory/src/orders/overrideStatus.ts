import type { Knex } from 'knex';
import { notFound, versionConflict } from '@printpool/service-kit';
import type { PurchaseOrder } from '@printpool/contracts';
import type { ChangeSet } from '../application/changeSet.js';
import { purchaseOrderDifferences } from '../domain/purchaseOrderVersion.js';
import { takePoolLock } from '../ledger/poolLock.js';
import { loadPurchaseOrderViews } from '../read/purchaseOrderView.js';
import { reallocateOrders } from './reallocateOrders.js';

type PurchaseOrderStatus = PurchaseOrder['status'];

/**
 * The broker's status override (Purchase Orders page). It wins over QuickBooks' status until
 * changed again, and decides whether a bulk PO is in the pool: closing one takes its remaining
 * units out of virtual inventory (what is drawn stays drawn); opening one re-allocates the
 * orders it may now serve, as an import of purchase orders does.
 */
export async function overrideStatus(
  trx: Knex.Transaction,
  tenantId: string,
  id: number,
  status: PurchaseOrderStatus,
  basedOn: string,
  changes: ChangeSet,
): Promise<void> {
  await takePoolLock(trx, tenantId);
  const locked = await trx('purchase_orders').where({ id, tenant_id: tenantId }).forUpdate().first('id');
  if (!locked) throw notFound('Purchase order');
  // Read under the row's lock: no other change can land between this check and the write.
  const [current] = await loadPurchaseOrderViews(trx, tenantId, [id]);
  if (current!.version !== basedOn) throw versionConflict('purchase order', current, purchaseOrderDifferences(current!, { status }));
  await trx('purchase_orders').where({ id, tenant_id: tenantId }).update({ override_status: status, updated_at: trx.fn.now() });
  changes.purchaseOrders.add(id);
  const items: { item_qb_id: string }[] = await trx('purchase_order_lines')
    .where({ tenant_id: tenantId, purchase_order_id: id })
    .whereNotNull('item_qb_id')
    .distinct('item_qb_id');
  for (const row of items) changes.items.add(row.item_qb_id);
  if (status === 'open') await reallocateOrders(trx, tenantId, changes);
}

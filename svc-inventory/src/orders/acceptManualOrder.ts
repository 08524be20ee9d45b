import type { Knex } from 'knex';
import { acceptanceRefusal, NO_COVERING_PO, type SalesOrderStatus } from '@printpool/domain';
import { notFound, unprocessable, versionConflict } from '@printpool/service-kit';
import type { ChangeSet } from '../application/changeSet.js';
import { takePoolLock } from '../ledger/poolLock.js';
import { loadSalesOrderRows, salesOrderView } from '../read/salesOrderView.js';
import { deletedOrderReadOnly } from './deletedEstimates.js';
import { redraw } from './drawSalesOrder.js';

/** What the history calls the broker's acceptance (docs/product.md §10). */
export const ACCEPTED = 'Accepted';

/**
 * The customer accepted a manual order (docs/product.md §4): it becomes 'processing', as an
 * estimate accepted in QuickBooks makes its order (domain/salesOrderStatus.ts), so it can be
 * released on pull tickets. Its units are drawn as an accepted estimate's are: it keeps the bulk
 * PO it holds, else it is drawn from the oldest covering one; with none it stays as it was (422
 * naming bulkPoId). It then waits for write-back, which creates its estimate as Accepted
 * (svc-sync/src/domain/estimateWriteBack.ts). The rule of which orders may be accepted is
 * libs/domain orderAcceptance.ts, which the Sales Orders page offers the action by. The pool
 * lock is taken first, as every pool change takes it.
 */
export async function acceptManualOrder(trx: Knex.Transaction, tenantId: string, id: number, basedOn: string, changes: ChangeSet): Promise<void> {
  await takePoolLock(trx, tenantId);
  const order: { qb_id: string | null; status: SalesOrderStatus; bulk_po_id: number | string | null; deleted_in_quickbooks_at: Date | null } | undefined =
    await trx('sales_orders').where({ id, tenant_id: tenantId }).forUpdate().first('qb_id', 'status', 'bulk_po_id', 'deleted_in_quickbooks_at');
  if (!order) throw notFound('Sales order');
  if (order.deleted_in_quickbooks_at !== null) throw deletedOrderReadOnly();
  const [now] = (await loadSalesOrderRows(trx, tenantId, [id])).map(salesOrderView);
  if (now!.version !== basedOn) throw versionConflict('sales order', now, []);
  const refusal = acceptanceRefusal({ qbId: order.qb_id, status: order.status });
  if (refusal !== null) throw unprocessable(refusal, { field: order.qb_id ? 'qbId' : 'status' });

  const bulkPoId = order.bulk_po_id === null ? await redraw(trx, tenantId, id, changes, {}) : Number(order.bulk_po_id);
  if (bulkPoId === null) throw unprocessable(NO_COVERING_PO, { field: 'bulkPoId' });
  await trx('sales_orders').where({ id, tenant_id: tenantId }).update({
    status: 'processing',
    bulk_po_id: bulkPoId,
    allocation_note: null,
    // Its estimate does not exist yet: Sync to QuickBooks creates it, as Accepted.
    sync_status: 'pending',
    sync_error: null,
    updated_at: trx.fn.now(),
  });
  changes.salesOrders.add(id);
}

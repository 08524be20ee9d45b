import type { Knex } from 'knex';
import { createEvent, DELETED_ORDER_READ_ONLY, INVENTORY_EVENTS } from '@printpool/contracts';
import { HttpError, notFound, recordEvent, unprocessable } from '@printpool/service-kit';
import type { ChangeSet } from '../application/changeSet.js';
import { takePoolLock } from '../ledger/poolLock.js';
import { loadPullTickets, pullTicketEvent } from '../read/pullTicketView.js';
import { deleteSalesOrders } from './deleteSalesOrders.js';
import { OPEN_TICKET, refuseWhileTicketsOpen } from './openTickets.js';
import { reallocateOrders } from './reallocateOrders.js';

/** What the order's history calls the import that kept it (docs/product.md §10). */
export const DELETED_IN_QUICKBOOKS = 'Deleted in QuickBooks';

/** Write-back states of an edit QuickBooks has not taken (as importEstimates.ts reads them): deleting the estimate must not lose it. */
const UNSENT_EDIT = ['pending', 'syncing', 'error', 'conflict'];

/**
 * SQL condition for an order (aliased `so`) that something outside QuickBooks hangs on: a pull
 * ticket that is not cancelled (the vendor may be pulling or have shipped it), an edit QuickBooks
 * does not have yet, or goods shipped ('completed'). Deleting its estimate must not take it with
 * it unseen (docs/quickbooks.md, Deleted in QuickBooks).
 */
const KEPT_WHEN_ESTIMATE_DELETED = `(so.status = 'completed'
  OR so.sync_status IN (${UNSENT_EDIT.map((s) => `'${s}'`).join(', ')})
  OR EXISTS (SELECT 1 FROM pull_tickets pt WHERE pt.tenant_id = so.tenant_id AND pt.sales_order_id = so.id AND pt.status <> 'cancelled'))`;

/** The refusal of any change to an order kept after its estimate was deleted, but its confirmation or re-creation. */
export const deletedOrderReadOnly = () => new HttpError(409, DELETED_ORDER_READ_ONLY, 'DELETED_IN_QUICKBOOKS', { field: 'deletedInQuickbooksAt' });

/**
 * QuickBooks deleted these estimates. Their orders go as they always did (releasing what they
 * held) unless something hangs on them (KEPT_WHEN_ESTIMATE_DELETED): those are kept, marked
 * 'Deleted in QuickBooks' and holding their stock, until the broker confirms the deletion
 * (confirmDeletedInQuickbooks) or re-creates the estimate (recreateEstimate). Their open pull
 * tickets are published again, so every screen showing them learns the warning at once.
 */
export async function removeDeletedEstimates(trx: Knex.Transaction, tenantId: string, qbIds: readonly string[], changes: ChangeSet): Promise<void> {
  if (qbIds.length === 0) return;
  const rows: { id: number; kept: boolean; marked: boolean }[] = await trx('sales_orders as so')
    .where('so.tenant_id', tenantId)
    .whereIn('so.qb_id', qbIds)
    .orderBy('so.id')
    .forUpdate()
    .select('so.id', trx.raw(`${KEPT_WHEN_ESTIMATE_DELETED} AS kept`), trx.raw('so.deleted_in_quickbooks_at IS NOT NULL AS marked'));
  const kept = rows.filter((row) => row.kept).map((row) => Number(row.id));
  await deleteSalesOrders(
    trx,
    tenantId,
    rows.filter((row) => !row.kept).map((row) => Number(row.id)),
    changes,
  );
  // A deletion delivered again keeps the first mark: the time QuickBooks' deletion was first seen.
  const newlyMarked = rows.filter((row) => row.kept && !row.marked).map((row) => Number(row.id));
  if (newlyMarked.length === 0) return;
  await trx('sales_orders').where('tenant_id', tenantId).whereIn('id', newlyMarked).update({ deleted_in_quickbooks_at: trx.fn.now() });
  for (const id of newlyMarked) {
    changes.salesOrders.add(id);
    changes.because('sales-order', id, DELETED_IN_QUICKBOOKS);
  }
  await republishOpenTickets(trx, tenantId, kept);
}

/**
 * The open tickets of these orders read differently (PullTicketView.orderDeletedInQuickbooksAt):
 * their event goes out again so every screen showing them follows. Their own fields did not
 * change, so their history does not.
 */
export async function republishOpenTickets(trx: Knex.Transaction, tenantId: string, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const tickets: { id: number }[] = await trx('pull_tickets')
    .where('tenant_id', tenantId)
    .whereIn('sales_order_id', orderIds)
    .whereIn('status', OPEN_TICKET)
    .select('id');
  for (const ticket of await loadPullTickets(
    trx,
    tenantId,
    tickets.map((row) => Number(row.id)),
  ))
    await recordEvent(trx, createEvent(INVENTORY_EVENTS.pullTicketUpdated, tenantId, pullTicketEvent(ticket)));
}

interface MarkedOrder {
  id: number;
  deleted_in_quickbooks_at: Date | null;
}

async function lockMarkedOrder(trx: Knex.Transaction, tenantId: string, id: number): Promise<MarkedOrder> {
  const order: MarkedOrder | undefined = await trx('sales_orders').where({ id, tenant_id: tenantId }).forUpdate().first('id', 'deleted_in_quickbooks_at');
  if (!order) throw notFound('Sales order');
  if (order.deleted_in_quickbooks_at === null)
    throw unprocessable('Its estimate was not deleted in QuickBooks: delete the order instead', { field: 'deletedInQuickbooksAt' });
  return order;
}

/**
 * The broker confirms that an order whose estimate QuickBooks deleted is gone: it is deleted as
 * the broker's own deletion does (deleteSalesOrders.ts), releasing its stock to the orders waiting
 * for it, once its open pull tickets are cancelled (openTickets.ts).
 */
export async function confirmDeletedInQuickbooks(trx: Knex.Transaction, tenantId: string, id: number, changes: ChangeSet): Promise<void> {
  await takePoolLock(trx, tenantId);
  await lockMarkedOrder(trx, tenantId, id);
  await refuseWhileTicketsOpen(trx, tenantId, id);
  await deleteSalesOrders(trx, tenantId, [id], changes);
  await reallocateOrders(trx, tenantId, changes);
}

/**
 * The broker asks for the estimate back: the order forgets the deleted estimate (its id, version,
 * common ancestor and line ids) and waits for write-back, which creates a new estimate for an
 * order without one (svc-sync/src/writeBack/estimateWriter.ts). The mark stays until QuickBooks
 * answers with the new estimate (routes/writeBack.ts), so its tickets wait until the estimate exists.
 */
export async function recreateEstimate(trx: Knex.Transaction, tenantId: string, id: number, changes: ChangeSet): Promise<void> {
  await lockMarkedOrder(trx, tenantId, id);
  await trx('sales_orders').where({ id, tenant_id: tenantId }).update({
    qb_id: null,
    sync_token: null,
    quickbooks_base: null,
    qb_updated_at: null,
    sync_status: 'pending',
    sync_error: null,
    updated_at: trx.fn.now(),
  });
  await trx('sales_order_lines').where({ tenant_id: tenantId, sales_order_id: id }).update({ qb_line_id: null });
  changes.salesOrders.add(id);
}

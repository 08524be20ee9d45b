import type { Knex } from 'knex';
import { INVENTORY_EVENTS, type PullTicketCreation } from '@printpool/contracts';
import { ONLY_ACCEPTED_ORDERS, pullTicketRefusal, releasedLines, releaseQuantities } from '@printpool/domain';
import { conflict, HttpError, notFound, unprocessable } from '@printpool/service-kit';
import type { SalesOrderStatus } from '../domain/salesOrderStatus.js';
import type { ChangeSet } from '../application/changeSet.js';
import { NO_COVERING_PO, redraw } from '../orders/drawSalesOrder.js';
import { deletedOrderReadOnly } from '../orders/deletedEstimates.js';
import { loadPullTicket, type PullTicketView } from '../read/pullTicketView.js';
import { itemReleases, loadSalesOrderRows } from '../read/salesOrderView.js';
import { nextPtNumber } from './numbering.js';
import { keepProgramRules } from './programRules.js';
import { recordPullTicketEvent } from './recordPullTicketEvent.js';
import { ticketContents, type OrderForTicket } from './ticketContents.js';

export { ONLY_ACCEPTED_ORDERS };
export const NEEDS_BULK_PO = 'Choose the bulk purchase order that covers this order before creating its pull ticket';

export const NOTHING_TO_RELEASE = 'This sales order has no item lines for a pull ticket to release';

/** Why another ticket is refused once every unit is on one: the broker sees the latest ticket the order has. */
export const alreadyHasTicket = (ptNumber: string, status: string) => `This sales order already has pull ticket ${ptNumber} (${status})`;

/**
 * Creates the pull ticket of an accepted order (docs/architecture.md §5): accepted in QuickBooks, or a
 * manual one accepted in PrintPool (orders/acceptManualOrder.ts). The order row is
 * locked first, so two simultaneous requests for one order cannot both release the same units.
 * A ticket releases the units named in `lines`, or every unit left unreleased: units on any
 * ticket but a cancelled one count as released, a shipped one's too, so no unit is pulled twice
 * (docs/product.md §4); `force` adds nothing now that a ticket takes only what is left. It does
 * not change what the order draws from the pool (docs/architecture.md §5). The vendor pulls
 * from the order's bulk PO, so an order without one is refused
 * (a ticket without one had vendor '-') unless the broker chooses a covering PO in the same
 * request: the order is drawn from it, as the broker's choice, and keeps its accepted status.
 * The release is held to its bulk PO's program unless `override` says why it goes anyway
 * (programRules.ts); the ticket keeps the program's release charge.
 */
export async function createPullTicket(
  trx: Knex.Transaction,
  tenantId: string,
  salesOrderId: number,
  { lines, bulkPoId, override }: PullTicketCreation,
  changes: ChangeSet,
): Promise<PullTicketView> {
  const order: (OrderForTicket & { qb_id: string | null; status: string; deleted_in_quickbooks_at: Date | null }) | undefined = await trx('sales_orders')
    .where({ tenant_id: tenantId, id: salesOrderId })
    .forUpdate()
    .first(
      'id',
      'qb_id',
      'status',
      'deleted_in_quickbooks_at',
      'so_number',
      'customer_qb_id',
      'customer_name',
      'customer_email',
      'bill_address',
      'ship_address',
      'memo',
      'bulk_po_id',
    );
  if (!order) throw notFound('Sales order');
  if (order.deleted_in_quickbooks_at !== null) throw deletedOrderReadOnly();
  // The rule the Sales Orders page disables its action by (libs/domain pullTicketCreation.ts): accepted in QuickBooks, or a manual order accepted here.
  const refusal = pullTicketRefusal({ qbId: order.qb_id, status: order.status as SalesOrderStatus, bulkPoId: null, allocationNote: null });
  if (refusal !== null) throw unprocessable(refusal, { field: 'status', status: order.status, qbId: order.qb_id });
  if (order.bulk_po_id === null) order.bulk_po_id = await drawFromChosen(trx, tenantId, salesOrderId, bulkPoId, changes);
  const [orderRow] = await loadSalesOrderRows(trx, tenantId, [salesOrderId]);
  const release = releaseQuantities(itemReleases(orderRow!), lines);
  if ('field' in release) throw new HttpError(400, release.message, 'VALIDATION_FAILED', { issues: [release] });
  if (release.size === 0) {
    // Every unit is on a ticket already: another would have the vendor ship goods twice.
    const existing: { id: number | string; pt_number: string; status: string } | undefined = await trx('pull_tickets')
      .where({ tenant_id: tenantId, sales_order_id: salesOrderId })
      .whereNot('status', 'cancelled')
      .orderBy('id', 'desc')
      .first('id', 'pt_number', 'status');
    if (!existing) throw unprocessable(NOTHING_TO_RELEASE, { field: 'items' });
    throw conflict(alreadyHasTicket(existing.pt_number, existing.status), {
      pullTicketId: Number(existing.id),
      ptNumber: existing.pt_number,
      status: existing.status,
    });
  }
  const contents = await ticketContents(trx, tenantId, order);
  contents.items = releasedLines(contents.items, release);
  const program = await keepProgramRules(trx, tenantId, { bulkPoId: contents.bulk_po_id, items: contents.items, ticketId: null }, override);
  const ptNumber = await nextPtNumber(trx, tenantId);
  const [row] = await trx('pull_tickets')
    .insert({
      ...contents,
      items: JSON.stringify(contents.items),
      tenant_id: tenantId,
      pt_number: ptNumber,
      sales_order_id: salesOrderId,
      status: 'pending',
      release_charge: program.releaseCharge,
      program_override: program.override && JSON.stringify(program.override),
    })
    .returning('id');
  const ticket = (await loadPullTicket(trx, tenantId, Number(row.id)))!;
  changes.pullTickets.add(ticket.id);
  await recordPullTicketEvent(trx, tenantId, INVENTORY_EVENTS.pullTicketCreated, ticket);
  return ticket;
}

/** Draws an order without a bulk PO from the one the broker chose for its ticket; answers it. */
async function drawFromChosen(
  trx: Knex.Transaction,
  tenantId: string,
  salesOrderId: number,
  bulkPoId: number | undefined,
  changes: ChangeSet,
): Promise<number> {
  if (bulkPoId === undefined) throw unprocessable(NEEDS_BULK_PO, { field: 'bulkPoId' });
  const drawn = await redraw(trx, tenantId, salesOrderId, changes, { onlyPoId: bulkPoId });
  if (drawn === null) throw unprocessable(NO_COVERING_PO, { field: 'bulkPoId' });
  await trx('sales_orders')
    .where({ tenant_id: tenantId, id: salesOrderId })
    .update({ bulk_po_id: drawn, po_chosen_by_broker: true, allocation_note: null, updated_at: trx.fn.now() });
  changes.salesOrders.add(salesOrderId);
  return drawn;
}

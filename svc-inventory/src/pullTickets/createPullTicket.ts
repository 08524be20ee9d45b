import type { Knex } from 'knex';
import { INVENTORY_EVENTS } from '@printpool/contracts';
import { conflict, notFound, unprocessable } from '@printpool/service-kit';
import { CLOSED_PULL_TICKET_STATUSES } from '../domain/pullTicketStatus.js';
import { loadPullTicket, type PullTicketView } from '../read/pullTicketView.js';
import { nextPtNumber } from './numbering.js';
import { recordPullTicketEvent } from './recordPullTicketEvent.js';
import { ticketContents, type OrderForTicket } from './ticketContents.js';

export const ONLY_ACCEPTED_ORDERS = 'Pull tickets can only be created for accepted QuickBooks orders (status processing)';

/**
 * Creates the pull ticket of an accepted QuickBooks order (architecture §6). The order row is
 * locked first, so two simultaneous requests for one order cannot both find no open ticket;
 * `force` opens another one beside it on purpose (a split shipment).
 */
export async function createPullTicket(trx: Knex.Transaction, tenantId: string, salesOrderId: number, force: boolean): Promise<PullTicketView> {
  const order: (OrderForTicket & { qb_id: string | null; status: string }) | undefined = await trx('sales_orders')
    .where({ tenant_id: tenantId, id: salesOrderId })
    .forUpdate()
    .first('id', 'qb_id', 'status', 'so_number', 'customer_qb_id', 'customer_name', 'customer_email', 'bill_address', 'ship_address', 'memo', 'bulk_po_id');
  if (!order) throw notFound('Sales order');
  if (!order.qb_id || order.status !== 'processing') throw unprocessable(ONLY_ACCEPTED_ORDERS, { field: 'status', status: order.status, qbId: order.qb_id });
  if (!force) {
    const open: { pt_number: string } | undefined = await trx('pull_tickets')
      .where({ tenant_id: tenantId, sales_order_id: salesOrderId })
      .whereNotIn('status', CLOSED_PULL_TICKET_STATUSES)
      .orderBy('id')
      .first('pt_number');
    if (open) throw conflict(`This sales order already has an open pull ticket ${open.pt_number}`, { ptNumber: open.pt_number });
  }
  const contents = await ticketContents(trx, tenantId, order);
  const ptNumber = await nextPtNumber(trx, tenantId);
  const [row] = await trx('pull_tickets')
    .insert({ ...contents, items: JSON.stringify(contents.items), tenant_id: tenantId, pt_number: ptNumber, sales_order_id: salesOrderId, status: 'pending' })
    .returning('id');
  const ticket = (await loadPullTicket(trx, tenantId, Number(row.id)))!;
  await recordPullTicketEvent(trx, tenantId, INVENTORY_EVENTS.pullTicketCreated, ticket);
  return ticket;
}

import { formatDate } from '../domain/format.js';
import type { PullTicket, SalesOrder } from '../inventory/documentsSource.js';

/** Plain-text bodies used when the sender writes no message of their own. */
export function pullTicketBody(ticket: PullTicket, companyName: string | null): string {
  return [
    `Hello${ticket.vendorName ? ` ${ticket.vendorName}` : ''},`,
    '',
    `Please find attached pull ticket ${ticket.ptNumber}${ticket.soNumber ? ` for sales order ${ticket.soNumber}` : ''}.`,
    ticket.shipByDate ? `Please ship by ${formatDate(ticket.shipByDate)}.` : '',
    '',
    companyName ?? '',
  ].join('\n').trim();
}

export function salesOrderBody(order: SalesOrder, companyName: string | null): string {
  return [
    `Hello${order.customerName ? ` ${order.customerName}` : ''},`,
    '',
    `Please find attached sales order ${order.soNumber}.`,
    '',
    companyName ?? '',
  ].join('\n').trim();
}

export function shipmentBody(ticket: PullTicket, companyName: string | null): string {
  return [
    `Hello${ticket.customerName ? ` ${ticket.customerName}` : ''},`,
    '',
    `Your order${ticket.soNumber ? ` ${ticket.soNumber}` : ''} has shipped (pull ticket ${ticket.ptNumber}).`,
    '',
    companyName ?? '',
  ].join('\n').trim();
}

import type { PullTicket } from '../api/pullTickets.js';

/** A vendor approves a ticket it was sent, and only then. */
export function canApprove(ticket: Pick<PullTicket, 'status'>): boolean {
  return ticket.status === 'sent';
}

/** A shipped ticket can still have its customer told; it cannot be shipped again. */
export function isShipped(ticket: Pick<PullTicket, 'status'>): boolean {
  return ticket.status === 'shipped';
}

/** docs/product.md §9 default subjects. */
export const emailSubject = (ticket: Pick<PullTicket, 'ptNumber'>) => `Pull Ticket ${ticket.ptNumber} - Items for Fulfillment`;
export const shipSubject = (ticket: Pick<PullTicket, 'ptNumber'>) => `Pull Ticket ${ticket.ptNumber} - Shipped`;

import type { PullTicket } from '@printpool/contracts';

/** A vendor approves a ticket it was sent, and only then. */
export function canApprove(ticket: Pick<PullTicket, 'status'>): boolean {
  return ticket.status === 'sent';
}

/** A shipped ticket can still have its customer told; it cannot be shipped again. */
export function isShipped(ticket: Pick<PullTicket, 'status'>): boolean {
  return ticket.status === 'shipped';
}

/**
 * Ship and E-mail wait for the broker (the server refuses them too): the estimate of the ticket's
 * order was deleted in QuickBooks and the goods have not left (docs/product.md §4). Cancelling the
 * ticket, or re-creating the estimate, ends it.
 */
export function heldByDeletedOrder(ticket: Pick<PullTicket, 'orderDeletedInQuickbooksAt' | 'status'>): boolean {
  return Boolean(ticket.orderDeletedInQuickbooksAt) && ticket.status !== 'cancelled' && ticket.status !== 'shipped' && ticket.status !== 'delivered';
}

/** docs/product.md §9 default subjects. */
export const emailSubject = (ticket: Pick<PullTicket, 'ptNumber'>) => `Pull Ticket ${ticket.ptNumber} - Items for Fulfillment`;
export const shipSubject = (ticket: Pick<PullTicket, 'ptNumber'>) => `Pull Ticket ${ticket.ptNumber} - Shipped`;

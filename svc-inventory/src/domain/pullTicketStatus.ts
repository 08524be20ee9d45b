import { PULL_TICKET_STATUSES } from '@printpool/contracts';

export type PullTicketStatus = (typeof PULL_TICKET_STATUSES)[number];
export { PULL_TICKET_STATUSES };

/** E-mailing the ticket to the vendor marks it sent, unless the goods have already left or the ticket is void. */
export function canMarkSent(status: PullTicketStatus): boolean {
  return status === 'pending' || status === 'sent' || status === 'processing';
}

/** The vendor's confirmation is recorded on a ticket the vendor has received (docs/product.md §4: Approve only when sent). */
export function canApprove(status: PullTicketStatus): boolean {
  return status === 'sent';
}

/** A shipped or delivered ticket only re-sends the customer's notification (docs/product.md §4). */
export function isShipped(status: PullTicketStatus): boolean {
  return status === 'shipped' || status === 'delivered';
}

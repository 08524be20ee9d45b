/** docs/product.md §4: every status a pull ticket can have, all of them selectable in its edit form. */
export const PULL_TICKET_STATUSES = ['pending', 'sent', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type PullTicketStatus = (typeof PULL_TICKET_STATUSES)[number];

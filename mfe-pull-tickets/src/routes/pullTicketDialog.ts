import type { PullTicket } from '../api/pullTickets.js';

/** The dialog the page shows, for which ticket; null when none is open. */
export type PullTicketDialog = { kind: 'details' | 'edit' | 'email' | 'approve' | 'ship' | 'delete'; ticket: PullTicket } | null;

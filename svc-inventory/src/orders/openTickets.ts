import type { Knex } from 'knex';
import { conflict } from '@printpool/service-kit';

/** Ticket statuses the vendor may still act on: the ones Ship and E-mail move forward (domain/pullTicketStatus.ts canMarkSent). */
export const OPEN_TICKET = ['pending', 'sent', 'processing'];

/**
 * An order goes only once its open pull tickets are cancelled: the vendor may have been asked to
 * pull them, and a ticket of no order could still be shipped (docs/product.md §4). Holds for the
 * broker's own deletion and for confirming one QuickBooks made.
 */
export async function refuseWhileTicketsOpen(trx: Knex.Transaction, tenantId: string, orderId: number): Promise<void> {
  const open: { id: number; pt_number: string }[] = await trx('pull_tickets')
    .where({ tenant_id: tenantId, sales_order_id: orderId })
    .whereIn('status', OPEN_TICKET)
    .orderBy('id')
    .select('id', 'pt_number');
  if (open.length === 0) return;
  const numbers = open.map((ticket) => ticket.pt_number).join(', ');
  throw conflict(`Cancel its pull ticket ${numbers} first: the vendor may have been asked to pull it`, {
    field: 'pullTickets',
    pullTickets: open.map((ticket) => ({ id: Number(ticket.id), ptNumber: ticket.pt_number })),
  });
}

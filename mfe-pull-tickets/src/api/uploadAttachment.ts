import type { RouteAnswer } from '@printpool/contracts';
import { apiRequest } from '@printpool/platform';
import type { PullTicket } from './pullTickets.js';

/**
 * Stores a file for the ticket. A multipart form (`file` and `pullTicketId`), which callRoute's
 * JSON bodies cannot carry, so it goes through apiRequest; the answer is the contract's
 * (libs/contracts documents.ts).
 */
export async function uploadAttachment(ticket: Pick<PullTicket, 'id'>, file: File): Promise<RouteAnswer<'post /api/attachments'>> {
  const form = new FormData();
  form.append('pullTicketId', String(ticket.id));
  form.append('file', file);
  const response = await apiRequest('POST', '/api/attachments', form);
  return (await response.json()) as RouteAnswer<'post /api/attachments'>;
}

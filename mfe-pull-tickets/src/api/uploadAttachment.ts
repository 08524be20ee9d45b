import { apiRequest } from '@printpool/platform';
import type { PullTicket } from './pullTickets.js';

/** What POST /api/attachments answers for a stored file. */
export interface StoredAttachment {
  id: string | number;
  path: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** Stores a file for the ticket (multipart: `file` and `pullTicketId`). */
export async function uploadAttachment(ticket: Pick<PullTicket, 'id'>, file: File): Promise<StoredAttachment> {
  const form = new FormData();
  form.append('pullTicketId', String(ticket.id));
  form.append('file', file);
  const response = await apiRequest('POST', '/api/attachments', form);
  return (await response.json()) as StoredAttachment;
}

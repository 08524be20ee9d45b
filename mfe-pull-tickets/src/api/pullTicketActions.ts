import { IDEMPOTENCY_KEY_HEADER, IF_MATCH_HEADER, type EmailPullTicketInput, type PullTicketEmailOutcome, type PullTicketShipped } from '@printpool/contracts';
import { apiRequest, downloadFile, queuedMailNotice } from '@printpool/platform';
import type { PullTicketUpdateBody } from '../domain/pullTicketUpdate.js';
import { shipmentNotice } from '../domain/shipmentNotice.js';
import type { PullTicket } from './pullTickets.js';
import { uploadAttachment } from './uploadAttachment.js';
import { usePullTicketMutation } from './usePullTicketMutation.js';

const path = (ticket: Pick<PullTicket, 'id'>, action = '') => `/api/pull-tickets/${ticket.id}${action}`;

export function useDeletePullTicket() {
  return usePullTicketMutation({
    mutationFn: (ticket: PullTicket) => apiRequest('DELETE', path(ticket)),
    success: 'Pull ticket deleted successfully',
    failure: 'Failed to delete pull ticket',
  });
}

export function useUpdatePullTicket() {
  return usePullTicketMutation({
    // On the version of the ticket the form was filled from (libs/contracts versionedWrite.ts).
    mutationFn: ({ ticket, body, version }: { ticket: PullTicket; body: PullTicketUpdateBody; version: string }) =>
      apiRequest('PUT', path(ticket), body, { [IF_MATCH_HEADER]: `"${version}"` }),
    success: 'Pull ticket updated successfully',
    failure: 'Failed to update pull ticket',
  });
}

export function useDownloadPullTicketPdf() {
  return usePullTicketMutation({
    mutationFn: async (ticket: PullTicket) => downloadFile(await apiRequest('GET', path(ticket, '/pdf')), `pull-ticket-${ticket.ptNumber}.pdf`),
    success: 'PDF downloaded successfully',
    failure: 'Failed to generate PDF',
  });
}

/**
 * The Email Pull Ticket dialog's send: the ticket, the body svc-documents takes and the key of
 * this send, the same on its retry (libs/contracts documents.ts).
 */
export type PullTicketEmail = EmailPullTicketInput & { ticket: PullTicket; idempotencyKey: string };

/** Sent, or queued by the mail server's refusal and sent again by itself: then the broker is told when, not to send it again. */
export function useEmailPullTicket() {
  return usePullTicketMutation({
    mutationFn: async ({ ticket, idempotencyKey, ...body }: PullTicketEmail): Promise<PullTicketEmailOutcome> =>
      (await apiRequest('POST', path(ticket, '/email'), body, { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey })).json() as Promise<PullTicketEmailOutcome>,
    success: ({ emailAddress }, outcome) => (outcome.status === 'queued' ? queuedMailNotice(outcome.nextAttemptAt) : `Pull ticket emailed to ${emailAddress}`),
    failure: 'Failed to Send Email',
  });
}

export interface PullTicketApproval {
  ticket: PullTicket;
  approvalNotes: string;
  attachment: File | null;
}

/** The attachment is uploaded first; the approval then refers to it by the path the upload answered. */
export function useApprovePullTicket() {
  return usePullTicketMutation({
    mutationFn: async ({ ticket, approvalNotes, attachment }: PullTicketApproval) => {
      const attachmentPath = attachment ? (await uploadAttachment(ticket, attachment)).path : null;
      return apiRequest('POST', path(ticket, '/approve'), { approvalNotes, attachmentPath });
    },
    success: 'Pull ticket approved successfully',
    failure: 'Failed to approve pull ticket',
  });
}

export interface PullTicketShipment {
  ticket: PullTicket;
  sendEmail: boolean;
  carrier: string;
  trackingNumber: string;
  customerEmail: string;
  emailSubject: string;
  emailBody: string;
}

export function useShipPullTicket() {
  return usePullTicketMutation({
    mutationFn: async ({ ticket, ...body }: PullTicketShipment): Promise<PullTicketShipped> =>
      (await apiRequest('POST', path(ticket, '/ship'), body)).json() as Promise<PullTicketShipped>,
    success: (_, { notification }) => shipmentNotice(notification),
    failure: 'Failed to mark pull ticket as shipped',
  });
}

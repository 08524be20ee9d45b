import { IDEMPOTENCY_KEY_HEADER, IF_MATCH_HEADER, type RouteInput } from '@printpool/contracts';
import { apiRequest, callRoute, downloadFile, queuedMailNotice } from '@printpool/platform';
import type { PullTicketUpdateBody } from '../domain/pullTicketUpdate.js';
import { shipmentNotice } from '../domain/shipmentNotice.js';
import type { PullTicket } from './pullTickets.js';
import { uploadAttachment } from './uploadAttachment.js';
import { usePullTicketMutation } from './usePullTicketMutation.js';

const params = (ticket: Pick<PullTicket, 'id'>) => ({ id: ticket.id });

export function useDeletePullTicket() {
  return usePullTicketMutation({
    mutationFn: (ticket: PullTicket) => callRoute('delete /api/pull-tickets/:id', { params: params(ticket) }),
    success: 'Pull ticket deleted successfully',
    failure: 'Failed to delete pull ticket',
  });
}

export function useUpdatePullTicket() {
  return usePullTicketMutation({
    // On the version of the ticket the form was filled from (libs/contracts versionedWrite.ts).
    mutationFn: ({ ticket, body, version }: { ticket: PullTicket; body: PullTicketUpdateBody; version: string }) =>
      callRoute('put /api/pull-tickets/:id', { params: params(ticket), body, headers: { [IF_MATCH_HEADER]: `"${version}"` } }),
    success: 'Pull ticket updated successfully',
    failure: 'Failed to update pull ticket',
  });
}

export function useDownloadPullTicketPdf() {
  return usePullTicketMutation({
    // A PDF, not JSON: its response is saved as it came.
    mutationFn: async (ticket: PullTicket) => downloadFile(await apiRequest('GET', `/api/pull-tickets/${ticket.id}/pdf`), `pull-ticket-${ticket.ptNumber}.pdf`),
    success: 'PDF downloaded successfully',
    failure: 'Failed to generate PDF',
  });
}

/**
 * The Email Pull Ticket dialog's send: the ticket, the body svc-documents takes and the key of
 * this send, the same on its retry (libs/contracts documents.ts).
 */
type PullTicketEmail = RouteInput<'post /api/pull-tickets/:id/email'>['body'] & { ticket: PullTicket; idempotencyKey: string };

/** Sent, or queued by the mail server's refusal and sent again by itself: then the broker is told when, not to send it again. */
export function useEmailPullTicket() {
  return usePullTicketMutation({
    mutationFn: ({ ticket, idempotencyKey, ...body }: PullTicketEmail) =>
      callRoute('post /api/pull-tickets/:id/email', { params: params(ticket), body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
    success: ({ emailAddress }, outcome) => (outcome.status === 'queued' ? queuedMailNotice(outcome.nextAttemptAt) : `Pull ticket emailed to ${emailAddress}`),
    failure: 'Failed to Send Email',
  });
}

/** The Approve dialog's send: the approval's notes, and the proof to store first, whose path the approval then names. */
type ApprovalSend = Omit<RouteInput<'post /api/pull-tickets/:id/approve'>['body'], 'attachmentPath'> & { ticket: PullTicket; attachment: File | null };

/** The attachment is uploaded first; the approval then refers to it by the path the upload answered. */
export function useApprovePullTicket() {
  return usePullTicketMutation({
    mutationFn: async ({ ticket, approvalNotes, attachment }: ApprovalSend) => {
      const attachmentPath = attachment ? (await uploadAttachment(ticket, attachment)).path : null;
      return callRoute('post /api/pull-tickets/:id/approve', { params: params(ticket), body: { approvalNotes, attachmentPath } });
    },
    success: 'Pull ticket approved successfully',
    failure: 'Failed to approve pull ticket',
  });
}

/** The Ship dialog's send: the ticket and the shipment as POST /api/pull-tickets/{id}/ship takes it (libs/contracts inventoryPullTickets.ts). */
type PullTicketShipment = RouteInput<'post /api/pull-tickets/:id/ship'>['body'] & { ticket: PullTicket };

export function useShipPullTicket() {
  return usePullTicketMutation({
    mutationFn: ({ ticket, ...body }: PullTicketShipment) => callRoute('post /api/pull-tickets/:id/ship', { params: params(ticket), body }),
    success: (_, { notification }) => shipmentNotice(notification),
    failure: 'Failed to mark pull ticket as shipped',
  });
}

import { MailOutcomeSchema, type PullTicketShipment, type PullTicketShipped, type ShipmentNotificationInput } from '@printpool/contracts';
import type { CallerIdentity, ServiceClient } from '@printpool/service-kit';
import type { PullTicketView } from '../read/pullTicketView.js';

export const SHIPMENT_NOTIFICATION_PATH = '/api/internal/notifications/shipment';

/** 'Pull Ticket PT-000001 - Shipped' (docs/product.md §9). */
const shipmentSubject = (ptNumber: string) => `Pull Ticket ${ptNumber} - Shipped`;

/**
 * Asks svc-documents to e-mail the customer that the ticket shipped. Called after the shipment
 * is committed: a failure here is reported, never undoes the shipment.
 */
export async function notifyShipment(
  documents: ServiceClient,
  caller: CallerIdentity,
  ticket: PullTicketView,
  input: PullTicketShipment,
): Promise<PullTicketShipped['notification']> {
  if (!input.sendEmail) return null;
  try {
    const notice: ShipmentNotificationInput = {
      pullTicketId: ticket.id,
      // Checked by svc-documents: a missing address answers 400 'Email Required', reported as not sent.
      customerEmail: input.customerEmail ?? '',
      subject: input.emailSubject ?? shipmentSubject(ticket.ptNumber),
      // What shipped and how to follow it: the customer's mail lists them (svc-documents' shipmentNotificationRoutes.ts).
      carrier: ticket.carrier,
      trackingNumber: ticket.trackingNumber,
      items: ticket.items.map((item) => ({ name: item.item_name, sku: item.sku, description: item.description, quantity: item.qty })),
      // Without one, svc-documents writes the body in the tenant's name.
      body: input.emailBody ?? null,
    };
    const outcome = MailOutcomeSchema.parse((await documents.json(caller, 'POST', SHIPMENT_NOTIFICATION_PATH, notice)).body);
    // Queued mail still goes out (svc-documents' resender): the broker is told when, not to send it again.
    return outcome.status === 'sent' ? { sent: true } : { sent: false, queued: true, nextAttemptAt: outcome.nextAttemptAt };
  } catch (err) {
    return { sent: false, error: err instanceof Error ? err.message : String(err) };
  }
}

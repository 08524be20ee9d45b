import { ShipmentNotificationInputSchema } from '@printpool/contracts';
import { createRouter, parseInput, requestBody, type ServiceRouter } from '@printpool/service-kit';
import { readTenantProfile } from '../db/tenantProfiles.js';
import type { DocumentsDeps } from '../deps.js';
import { shipmentSubject, subjectOrDefault } from '../domain/subjects.js';
import { deliver } from '../mail/deliver.js';
import { shipmentBody } from '../mail/messages.js';
import { answerDelivery } from './answerDelivery.js';

/** svc-inventory asks for the customer's shipment notice when a pull ticket ships; an internal route, only services may call it. */
export function shipmentNotificationRoutes(deps: DocumentsDeps): ServiceRouter {
  const router = createRouter('/api/internal/notifications');

  router.post('/shipment', async (ctx) => {
    const input = parseInput(ShipmentNotificationInputSchema, requestBody(ctx));
    const { caller } = ctx.state;
    const [ticket, { companyName }] = await Promise.all([deps.source.pullTicket(caller, input.pullTicketId), readTenantProfile(deps.db.knex, caller.tenantId)]);
    const delivery = await deliver(
      deps,
      caller,
      { to: input.customerEmail, subject: subjectOrDefault(input.subject, shipmentSubject(ticket.ptNumber)), text: shipmentBody(ticket, companyName, input) },
      { type: 'PT', id: String(ticket.id), number: ticket.ptNumber },
    );
    answerDelivery(ctx, delivery, 'Shipment notification sent');
  });

  return router;
}

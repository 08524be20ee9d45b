import { InvitationMailInputSchema } from '@printpool/contracts';
import { createRouter, parseInput, requestBody, type ServiceRouter } from '@printpool/service-kit';
import { readTenantProfile } from '../db/tenantProfiles.js';
import type { DocumentsDeps } from '../deps.js';
import { invitationSubject } from '../domain/subjects.js';
import { deliver } from '../mail/deliver.js';
import { invitationBody } from '../mail/messages.js';
import { answerDelivery } from './answerDelivery.js';

/**
 * The gateway asks for the e-mail of an invitation to join the company when an owner invites
 * someone; it is logged in the communication log like every other e-mail, and sent again
 * later when the mail server refuses it. An internal route: only services may call it.
 */
export function invitationMailRoutes(deps: DocumentsDeps): ServiceRouter {
  const router = createRouter('/api/internal/notifications');

  router.post('/invitation', async (ctx) => {
    const input = parseInput(InvitationMailInputSchema, requestBody(ctx));
    const { caller } = ctx.state;
    // The broker's QuickBooks company name is the one their staff know; the gateway's stands in until a sync.
    const companyName = (await readTenantProfile(deps.db.knex, caller.tenantId)).companyName ?? input.companyName;
    const delivery = await deliver(
      deps,
      caller,
      { to: input.email, subject: invitationSubject(companyName), text: invitationBody(input, companyName) },
      { type: 'INVITATION', id: input.invitationId, number: null },
    );
    answerDelivery(ctx, delivery, 'Invitation sent');
  });

  return router;
}

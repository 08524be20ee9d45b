import { AlertDigestMailInputSchema } from '@printpool/contracts';
import { createRouter, parseInput, requestBody, type ServiceRouter } from '@printpool/service-kit';
import { readTenantProfile } from '../db/tenantProfiles.js';
import type { DocumentsDeps } from '../deps.js';
import { alertDigestSubject } from '../domain/subjects.js';
import { deliverOnce } from '../mail/deliverOnce.js';
import { alertDigestBody } from '../mail/messages.js';
import { answerDelivery, idempotencyKey } from './answerDelivery.js';

/**
 * The gateway asks for a company's digest of new stock alerts, once per owner or staff member
 * (docs/product.md §12). Its Idempotency-Key is the digest event's and the member's, so an event
 * delivered twice sends each mail once. Logged like every other e-mail; an internal route.
 */
export function alertDigestMailRoutes(deps: DocumentsDeps): ServiceRouter {
  const router = createRouter('/api/internal/notifications');

  router.post('/alert-digest', async (ctx) => {
    const key = idempotencyKey(ctx);
    const input = parseInput(AlertDigestMailInputSchema, requestBody(ctx));
    const { caller } = ctx.state;
    const companyName = (await readTenantProfile(deps.db.knex, caller.tenantId)).companyName ?? input.companyName;
    const delivery = await deliverOnce(
      deps,
      caller,
      { to: input.email, subject: alertDigestSubject(companyName, input.alerts.length), text: alertDigestBody(input, companyName) },
      { type: 'DIGEST', id: input.asOf, number: `${input.alerts.length} alerts` },
      key,
    );
    answerDelivery(ctx, delivery, 'Stock alerts sent');
  });

  return router;
}

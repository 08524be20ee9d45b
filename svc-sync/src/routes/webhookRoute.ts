import { createRouter, unauthorized, type ServiceRouter } from '@printpool/service-kit';
import { z } from 'zod';
import { verifyIntuitSignature } from '../domain/webhookSignature.js';
import type { SyncRouteDeps } from './deps.js';

const Notification = z.object({
  eventNotifications: z
    .array(
      z.object({
        realmId: z.string(),
        dataChangeEvent: z
          .object({ entities: z.array(z.object({ name: z.string(), id: z.string(), operation: z.string() }).loose()).default([]) })
          .optional(),
      }),
    )
    .default([]),
});

/**
 * Intuit's change notifications. No internal token: the signature is the authentication.
 * It answers as soon as the work is queued, inside Intuit's three seconds.
 */
export function webhookRoute(deps: SyncRouteDeps): ServiceRouter {
  const router = createRouter('/api/quickbooks');

  router.post('/webhook', async (ctx) => {
    const raw = (ctx.request as { rawBody?: string }).rawBody ?? '';
    const verifier = deps.config.webhookVerifier;
    if (!verifier || !verifyIntuitSignature(raw, ctx.get('intuit-signature') || undefined, verifier)) throw unauthorized('Invalid webhook signature');
    const parsed = Notification.safeParse(ctx.request.body);
    if (!parsed.success) {
      // Answering 4xx would make Intuit retry a payload that will never parse.
      deps.logger.warn({ issues: parsed.error.issues.length }, 'unreadable webhook payload ignored');
      ctx.status = 200;
      return;
    }
    for (const notification of parsed.data.eventNotifications) {
      const changes = notification.dataChangeEvent?.entities ?? [];
      if (changes.length === 0) continue;
      for (const tenantId of await deps.connections.tenantsForRealm(notification.realmId)) deps.webhooks.enqueue(tenantId, notification.realmId, changes);
    }
    ctx.status = 200;
    ctx.body = { received: true };
  });

  return router;
}

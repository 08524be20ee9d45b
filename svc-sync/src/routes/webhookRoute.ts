import { createRouter, HttpError, unauthorized, type ServiceRouter } from '@printpool/service-kit';
import type { Context } from 'koa';
import { verifyIntuitSignature } from '../domain/webhookSignature.js';
import { readWebhookPayload } from '../domain/webhookPayload.js';
import type { SyncRouteDeps } from './deps.js';

/** Intuit's notifications are small (ids only); anything near this is not one. */
const MAX_BODY_BYTES = 1024 * 1024;
/** Skipped event types named in one log line, at most. */
const LOGGED_IGNORED = 20;

/**
 * The exact bytes Intuit signed. The body parser keeps them for JSON content types; under
 * any other (CloudEvents batches may be labelled `application/cloudevents-batch+json`) it
 * leaves the stream unread, and it is read here.
 */
async function rawBody(ctx: Context): Promise<string> {
  const kept = (ctx.request as { rawBody?: string }).rawBody;
  if (kept !== undefined) return kept;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Webhook body too large', 'PAYLOAD_TOO_LARGE');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parsed(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Intuit's change notifications, in either body: the CloudEvents array Intuit sends since
 * 2026 or the legacy `eventNotifications` object. No internal token: the signature is the
 * authentication. It answers as soon as the work is queued, inside Intuit's three seconds,
 * and answers 200 to whatever it cannot use, since Intuit retries anything else.
 */
export function webhookRoute(deps: SyncRouteDeps): ServiceRouter {
  const router = createRouter('/api/quickbooks');

  router.post('/webhook', async (ctx) => {
    const raw = await rawBody(ctx);
    const verifier = deps.config.webhookVerifier;
    if (!verifier || !verifyIntuitSignature(raw, ctx.get('intuit-signature') || undefined, verifier)) throw unauthorized('Invalid webhook signature');
    const payload = readWebhookPayload(parsed(raw));
    ctx.status = 200;
    ctx.body = { received: true };
    if (!payload) {
      deps.logger.warn({ bytes: raw.length }, 'unreadable webhook payload ignored');
      return;
    }
    if (payload.ignored.length > 0) {
      deps.logger.info({ ignored: payload.ignored.slice(0, LOGGED_IGNORED), count: payload.ignored.length }, 'webhook events PrintPool does not use ignored');
    }
    for (const { realmId, changes } of payload.realms) {
      if (changes.length === 0) continue;
      // Kept before the answer: if keeping fails, the answer is an error and Intuit sends the notification again.
      for (const tenantId of await deps.connections.tenantsForRealm(realmId)) await deps.webhooks.enqueue(tenantId, realmId, changes);
    }
  });

  return router;
}

import { EmailLogsQuerySchema } from '@printpool/contracts';
import { createRouter, parseInput, type ServiceRouter } from '@printpool/service-kit';
import { listEmailLogs } from '../db/emailLogs.js';
import type { DocumentsDeps } from '../deps.js';

/** The tenant's communication log, newest first (the dashboard shows the first 4), or one document's (its History tab). */
export function emailLogRoutes(deps: DocumentsDeps): ServiceRouter {
  const router = createRouter();
  router.get('/api/email-logs', async (ctx) => {
    const { limit, referenceType, referenceId } = parseInput(EmailLogsQuerySchema, ctx.query);
    const reference = referenceType && referenceId ? { type: referenceType, id: referenceId } : null;
    ctx.body = await listEmailLogs(deps.db.knex, ctx.state.caller.tenantId, limit, reference);
  });
  return router;
}

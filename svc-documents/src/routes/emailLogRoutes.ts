import { EmailLogsQuerySchema } from '@printpool/contracts';
import { createRouter, parseInput, type ServiceRouter } from '@printpool/service-kit';
import { listEmailLogs } from '../db/emailLogs.js';
import type { DocumentsDeps } from '../deps.js';

/** The tenant's communication log, newest first (the dashboard shows the first 4). */
export function emailLogRoutes(deps: DocumentsDeps): ServiceRouter {
  const router = createRouter();
  router.get('/api/email-logs', async (ctx) => {
    const { limit } = parseInput(EmailLogsQuerySchema, ctx.query);
    ctx.body = await listEmailLogs(deps.db.knex, ctx.state.caller.tenantId, limit);
  });
  return router;
}

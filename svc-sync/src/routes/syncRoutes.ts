import { conflict, createRouter, parseInput, type ServiceRouter } from '@printpool/service-kit';
import type { Context } from 'koa';
import { SyncRequestQuerySchema } from '@printpool/contracts';
import { QboReauthorizationRequired } from '../qbo/qboErrors.js';
import { NotConnectedError } from '../qbo/qboTokens.js';
import type { SyncRequest } from '../sync/syncRunner.js';
import type { SyncRouteDeps } from './deps.js';

/** Sync runs: started in the background (202 { runId }) or, with `?wait=true`, answered when done. */
export function syncRoutes(deps: SyncRouteDeps): ServiceRouter {
  const router = createRouter();

  const startRun = async (ctx: Context, request: SyncRequest, wait: boolean) => {
    const { tenantId } = ctx.state.caller as { tenantId: string };
    let started;
    try {
      started = await deps.runner.start(tenantId, request);
    } catch (error) {
      if (error instanceof NotConnectedError || error instanceof QboReauthorizationRequired) throw conflict('Not connected to QuickBooks');
      throw error;
    }
    if (!wait) {
      ctx.status = 202;
      ctx.body = { runId: started.runId };
      return;
    }
    await started.finished;
    ctx.body = await deps.runs.view(tenantId, started.runId);
  };

  router.post('/api/quickbooks/sync', async (ctx) => {
    const query = parseInput(SyncRequestQuerySchema, ctx.query);
    await startRun(ctx, query.mode ?? 'auto', query.wait === 'true');
  });

  router.post('/api/sync/customers', async (ctx) => {
    await startRun(ctx, 'customers', parseInput(SyncRequestQuerySchema, ctx.query).wait === 'true');
  });

  router.post('/api/sync/items', async (ctx) => {
    await startRun(ctx, 'items', parseInput(SyncRequestQuerySchema, ctx.query).wait === 'true');
  });

  router.get('/api/quickbooks/sync/runs/latest', async (ctx) => {
    const run = await deps.runs.latest(ctx.state.caller.tenantId);
    // Never synced is a state every new broker is in, not a missing resource: no run, no error.
    if (!run) {
      ctx.status = 204;
      return;
    }
    ctx.body = run;
  });

  router.get('/api/quickbooks/sync/health', async (ctx) => {
    const minutes = deps.config.catchUpMinutes;
    ctx.body = await deps.health.health(ctx.state.caller.tenantId, minutes > 0 ? minutes : null);
  });

  return router;
}

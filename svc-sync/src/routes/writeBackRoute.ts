import { createRouter, notFound, type ServiceRouter } from '@printpool/service-kit';
import type { SyncRouteDeps } from './deps.js';

/** Sales Orders page → "Sync to QuickBooks": answers `{ syncStatus, syncError, qbId }` of the order. */
export function writeBackRoute(deps: SyncRouteDeps): ServiceRouter {
  const router = createRouter();

  router.post('/api/sales-orders/:id/sync', async (ctx) => {
    const { id } = ctx.params;
    // svc-inventory's ids are integers; anything else names no order, for any tenant.
    if (!id || !/^\d{1,15}$/.test(id)) throw notFound('Sales order');
    ctx.body = await deps.estimates.write(ctx.state.caller, id);
  });

  /** The delete dialog's 'Mark Rejected in QuickBooks': the estimate is rejected there, the order becomes 'cancelled' here. */
  router.post('/api/sales-orders/:id/reject-estimate', async (ctx) => {
    const { id } = ctx.params;
    if (!id || !/^\d{1,15}$/.test(id)) throw notFound('Sales order');
    ctx.body = await deps.estimates.reject(ctx.state.caller, id);
  });

  return router;
}

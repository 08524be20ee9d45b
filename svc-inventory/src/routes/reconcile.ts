import { z } from 'zod';
import { createRouter, parseInput, requestBody, type ServiceRouter } from '@printpool/service-kit';
import { reconcile } from '../ledger/reconcile.js';
import type { ChangeContext } from '../events/transaction.js';

const ReconcileSchema = z.object({ fix: z.boolean().optional() });

/** Operations: checks the caller's denormalized quantities against the ledger and finds orders left waiting that a bulk PO covers; `{ fix: true }` repairs both. */
export function reconcileRoutes(context: ChangeContext): ServiceRouter {
  const router = createRouter('/api/inventory');
  router.post('/reconcile', async (ctx) => {
    const { fix } = parseInput(ReconcileSchema, requestBody(ctx));
    const tenantId = ctx.state.caller.tenantId;
    const result = await reconcile(context.db.knex, { tenantId, fix });
    if (result.fixed) {
      context.db.readCache.changed(tenantId);
      context.afterCommit();
    }
    ctx.body = result;
  });
  return router;
}

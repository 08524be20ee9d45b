import { ReconcileInputSchema, type ReconcileResult } from '@printpool/contracts';
import { createRouter, parseInput, requestBody, type ServiceRouter } from '@printpool/service-kit';
import { reconcile } from '../orders/reconcile.js';
import { changeCommitted, type ChangeContext } from '../application/transaction.js';

/** Operations: checks the caller's denormalized quantities against the ledger and finds orders left waiting that a bulk PO covers; `{ fix: true }` repairs both. */
export function reconcileRoutes(context: ChangeContext): ServiceRouter {
  const router = createRouter('/api/inventory');
  router.post('/reconcile', async (ctx) => {
    const { fix } = parseInput(ReconcileInputSchema, requestBody(ctx));
    const tenantId = ctx.state.caller.tenantId;
    // Typed by the answer's contract, so the ledger's drift cannot leave it behind unnoticed.
    const result: ReconcileResult = await reconcile(context.db.knex, { tenantId, fix });
    if (result.fixed) changeCommitted(context, tenantId);
    ctx.body = result;
  });
  return router;
}

import { CustomerItemParamsSchema, ReorderEstimateResultSchema } from '@printpool/contracts';
import { todayUtc } from '@printpool/domain';
import { createRouter, notFound, parseInput, requestBody, type Database, type ServiceRouter } from '@printpool/service-kit';
import { recordReorderEstimate, requestReorderEstimate } from '../orders/reorderEstimates.js';
import { recordId } from './params.js';

/**
 * A reorder alert's estimate, svc-sync's side in svc-inventory (internal routes: only services may
 * call them; the internal token names the tenant): what to create in QuickBooks, and what it
 * created (docs/product.md §12). Neither changes stock, so neither runs as a change set; the
 * alerts kept in memory are dropped here, as a dismissal drops them (routes/customerStock.ts).
 */
export function reorderEstimateRoutes(db: Database): ServiceRouter {
  const { knex, readCache } = db;
  const router = createRouter('/api/internal/customers');

  const customerItem = (params: Record<string, string | undefined>) => {
    const customerId = recordId(params.id, 'Customer');
    const parsed = CustomerItemParamsSchema.safeParse({ id: params.id, itemId: params.itemId });
    if (!parsed.success) throw notFound('Item of the customer');
    return { customerId, itemId: parsed.data.itemId };
  };

  router.post('/:id/inventory/:itemId/reorder-estimate', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const { customerId, itemId } = customerItem(ctx.params);
    ctx.body = await knex.transaction((trx) => requestReorderEstimate(trx, tenantId, customerId, itemId, todayUtc()));
  });

  router.post('/:id/inventory/:itemId/reorder-estimate-result', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const { customerId, itemId } = customerItem(ctx.params);
    const result = parseInput(ReorderEstimateResultSchema, requestBody(ctx));
    const estimate = await knex.transaction((trx) => recordReorderEstimate(trx, tenantId, customerId, itemId, result));
    readCache.changed(tenantId);
    if (estimate) ctx.body = estimate;
    else ctx.status = 204;
  });

  return router;
}

import { AlertKeyParamsSchema, CustomerItemParamsSchema, ReorderPointInputSchema, StatementPeriodSchema } from '@printpool/contracts';
import { todayUtc } from '@printpool/domain';
import { basedOnVersion, createRouter, notFound, parseInput, requestBody, type Database, type ServiceRouter } from '@printpool/service-kit';
import { changeInTransaction, type ChangeContext } from '../application/transaction.js';
import { requestReason } from '../application/history.js';
import { setReorderPoint } from '../orders/reorderPoints.js';
import { loadCustomerInventory } from '../read/customerInventory.js';
import { loadCustomerStatement } from '../read/customerStatement.js';
import { loadInventoryAlerts, raisedAlerts } from '../read/inventoryAlerts.js';
import { recordId } from './params.js';

/** A customer's stock, when to reorder it, and the alerts that need the broker (docs/product.md §12). */
export function customerStockRoutes(context: ChangeContext): ServiceRouter {
  const { knex, readCache } = context.db;
  const router = createRouter();

  // Both reads are kept until a table they read announces a change (test/cachedReads.test.ts), and
  // at most the cache's age, so the day they count from moves on at midnight.
  router.get('/api/customers/:id/inventory', readCache.middleware, async (ctx) => {
    const inventory = await loadCustomerInventory(knex, ctx.state.caller.tenantId, recordId(ctx.params.id, 'Customer'), todayUtc());
    if (!inventory) throw notFound('Customer');
    ctx.body = inventory;
  });

  router.put('/api/customers/:id/inventory/:itemId/reorder-point', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const customerId = recordId(ctx.params.id, 'Customer');
    const params = CustomerItemParamsSchema.safeParse({ id: ctx.params.id, itemId: ctx.params.itemId });
    if (!params.success) throw notFound('Item of the customer');
    const basedOn = basedOnVersion(ctx);
    const input = parseInput(ReorderPointInputSchema, requestBody(ctx));
    const item = await changeInTransaction(context, tenantId, requestReason(ctx.state, 'Reorder point changed'), (trx) =>
      setReorderPoint(trx, tenantId, customerId, params.data.itemId, input, basedOn, todayUtc()),
    );
    ctx.set('ETag', `"${item.reorderPoint.version}"`);
    ctx.body = item;
  });

  router.get('/api/inventory/alerts', readCache.middleware, async (ctx) => {
    ctx.body = await loadInventoryAlerts(knex, ctx.state.caller.tenantId, todayUtc());
  });

  router.post('/api/inventory/alerts/:key/dismiss', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const parsed = AlertKeyParamsSchema.safeParse({ key: ctx.params.key });
    if (!parsed.success) throw notFound('Alert');
    const raised = (await raisedAlerts(knex, tenantId, todayUtc())).find(({ alert }) => alert.key === parsed.data.key);
    if (!raised) throw notFound('Alert');
    await knex('inventory_alert_dismissals')
      .insert({ tenant_id: tenantId, alert_key: raised.alert.key, level: raised.level, dismissed_at: knex.fn.now() })
      .onConflict(['tenant_id', 'alert_key'])
      .merge(['level', 'dismissed_at']);
    // Written outside a change set: the alerts kept in memory are dropped here, not when PostgreSQL's notification arrives.
    readCache.changed(tenantId);
    ctx.status = 204;
  });

  return router;
}

/**
 * What a customer's statement shows (docs/product.md §12), for svc-documents, which renders and
 * e-mails it. An internal route (only services may call it): the browser reads the PDF.
 */
export function customerStatementRoutes(db: Database): ServiceRouter {
  const router = createRouter('/api/internal/customers');
  router.get('/:id/statement', async (ctx) => {
    const period = parseInput(StatementPeriodSchema, { from: ctx.query.from, to: ctx.query.to });
    const statement = await loadCustomerStatement(db.knex, ctx.state.caller.tenantId, recordId(ctx.params.id, 'Customer'), period, todayUtc());
    if (!statement) throw notFound('Customer');
    ctx.body = statement;
  });
  return router;
}

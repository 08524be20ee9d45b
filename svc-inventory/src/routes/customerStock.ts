import { todayUtc } from '@printpool/domain';
import { createRouter, notFound, type Database, type ServiceRouter } from '@printpool/service-kit';
import { loadCustomerInventory } from '../read/customerInventory.js';
import { recordId } from './params.js';

/** A customer's stock (docs/product.md §12): read-only, for viewers and up. */
export function customerStockRoutes(db: Database): ServiceRouter {
  const router = createRouter();
  router.get('/api/customers/:id/inventory', async (ctx) => {
    const inventory = await loadCustomerInventory(db.knex, ctx.state.caller.tenantId, recordId(ctx.params.id, 'Customer'), todayUtc());
    if (!inventory) throw notFound('Customer');
    ctx.body = inventory;
  });
  return router;
}

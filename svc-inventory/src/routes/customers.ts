import { CustomerListFiltersSchema } from '@printpool/contracts';
import { createRouter, parseInput, type Database, type ServiceRouter } from '@printpool/service-kit';
import { parseListQuery } from '../domain/paging.js';
import { CUSTOMER_CSV, customerList, customerView, type CustomerRow } from '../read/catalogLists.js';
import { listCsv } from '../read/csvExport.js';
import { loadListPage } from '../read/listPage.js';
import { answerCsv } from './csvAnswer.js';

/** Customers page (read-only): a page of the list (read/catalogLists.ts), and every row as CSV. */
export function customerRoutes(db: Database): ServiceRouter {
  const { knex } = db;
  const router = createRouter('/api');
  router.get('/customers', db.readCache.middleware, async (ctx) => {
    const { search, limit, offset } = parseListQuery(ctx.query);
    const filters = parseInput(CustomerListFiltersSchema, ctx.query);
    const page = await loadListPage<CustomerRow>(knex, { ...customerList(ctx.state.caller.tenantId, search, filters), limit, offset });
    ctx.set('X-Total-Count', String(page.total));
    ctx.body = page.rows.map(customerView);
  });
  router.get('/customers/export.csv', async (ctx) => {
    const { search } = parseListQuery(ctx.query);
    const filters = parseInput(CustomerListFiltersSchema, ctx.query);
    answerCsv(ctx, 'customers', listCsv(knex, customerList(ctx.state.caller.tenantId, search, filters), customerView, CUSTOMER_CSV));
  });
  return router;
}

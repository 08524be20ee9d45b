import { ItemListFiltersSchema } from '@printpool/contracts';
import { createRouter, parseInput, type Database, type ServiceRouter } from '@printpool/service-kit';
import { parseListQuery } from '../domain/paging.js';
import { ITEM_CSV, itemList, itemView, type ItemRow } from '../read/catalogLists.js';
import { listCsv } from '../read/csvExport.js';
import { loadListPage } from '../read/listPage.js';
import { answerCsv } from './csvAnswer.js';

/** Items page (read-only): a page of the list (read/catalogLists.ts), and every row as CSV. */
export function itemRoutes(db: Database): ServiceRouter {
  const { knex } = db;
  const router = createRouter('/api');
  router.get('/items', db.readCache.middleware, async (ctx) => {
    const { search, limit, offset } = parseListQuery(ctx.query);
    const filters = parseInput(ItemListFiltersSchema, ctx.query);
    const page = await loadListPage<ItemRow>(knex, { ...itemList(ctx.state.caller.tenantId, search, filters), limit, offset });
    ctx.set('X-Total-Count', String(page.total));
    ctx.body = page.rows.map(itemView);
  });
  router.get('/items/export.csv', async (ctx) => {
    const { search } = parseListQuery(ctx.query);
    const filters = parseInput(ItemListFiltersSchema, ctx.query);
    answerCsv(ctx, 'items', listCsv(knex, itemList(ctx.state.caller.tenantId, search, filters), itemView, ITEM_CSV));
  });
  return router;
}

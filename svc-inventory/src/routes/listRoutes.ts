import type { Knex } from 'knex';
import type { z } from 'zod';
import { ListPagingQuerySchema } from '@printpool/contracts';
import { parseInput, type Database, type ServiceRouter } from '@printpool/service-kit';
import { listCsv, type CsvColumn } from '../read/csvExport.js';
import { loadListPage, type ListSelection } from '../read/listPage.js';
import { answerCsv } from './csvAnswer.js';

export interface ListDefinition<Filters, Row, View> {
  /** The list's own query parameters (libs/contracts orderLists.ts). */
  filters: z.ZodType<Filters>;
  /** Which rows of the tenant the search and filters select, in the list's order (read/*List.ts). */
  select: (tenantId: string, search: string | null, filters: Filters) => ListSelection;
  view: (row: Row) => View;
  csv: CsvColumn<View>[];
  /** The export's file name before its date ('sales-orders'). */
  fileName: string;
}

/**
 * A list's two reads: `GET <path>` answers a page (total in X-Total-Count, kept by the read cache)
 * and `GET <path>/export.csv` streams every row the same search and filters select.
 */
export function listRoutes<Filters, Row, View>(router: ServiceRouter, db: Database, path: string, list: ListDefinition<Filters, Row, View>): void {
  const knex: Knex = db.knex;
  router.get(path, db.readCache.middleware, async (ctx) => {
    const { search, limit, offset } = ListPagingQuerySchema.parse(ctx.query);
    const selection = list.select(ctx.state.caller.tenantId, search, parseInput(list.filters, ctx.query));
    const page = await loadListPage<Row>(knex, { ...selection, limit, offset });
    ctx.set('X-Total-Count', String(page.total));
    ctx.body = page.rows.map(list.view);
  });
  router.get(`${path === '/' ? '' : path}/export.csv`, async (ctx) => {
    const { search } = ListPagingQuerySchema.parse(ctx.query);
    const selection = list.select(ctx.state.caller.tenantId, search, parseInput(list.filters, ctx.query));
    answerCsv(ctx, list.fileName, listCsv(knex, selection, list.view, list.csv));
  });
}

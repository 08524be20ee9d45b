import type { Knex } from 'knex';
import type { z } from 'zod';
import { ListPagingQuerySchema } from '@printpool/contracts';
import { parseInput, type Database, type ServiceRouter } from '@printpool/service-kit';
import { listCsv, type CsvColumn, type ListCompletion } from '../read/csvExport.js';
import { loadListPage, type ListSelection } from '../read/listPage.js';
import { answerCsv } from './csvAnswer.js';

export interface ListDefinition<Filters, Row, View> {
  /** The list's own query parameters (libs/contracts orderLists.ts). */
  filters: z.ZodType<Filters>;
  /**
   * Which rows of the tenant the search and filters select, in the list's order (read/*List.ts);
   * given the database (the export's snapshot) for an order SQL does not compute alone.
   */
  select: (tenantId: string, search: string | null, filters: Filters, db: Knex | Knex.Transaction) => ListSelection | Promise<ListSelection>;
  view: (row: Row) => View;
  /** What the views of a page, or of an export's batch, answer that is read for them all at once (a bulk PO's charges to date). */
  complete?: ListCompletion<View>;
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
    const tenantId = ctx.state.caller.tenantId;
    const { search, limit, offset } = ListPagingQuerySchema.parse(ctx.query);
    const selection = await list.select(tenantId, search, parseInput(list.filters, ctx.query), knex);
    const page = await loadListPage<Row>(knex, { ...selection, limit, offset });
    ctx.set('X-Total-Count', String(page.total));
    const views = page.rows.map(list.view);
    ctx.body = list.complete ? await list.complete(knex, tenantId, views) : views;
  });
  router.get(`${path === '/' ? '' : path}/export.csv`, async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const { search } = ListPagingQuerySchema.parse(ctx.query);
    const filters = parseInput(list.filters, ctx.query);
    const rows = listCsv(
      knex,
      (trx) => list.select(tenantId, search, filters, trx),
      list.view,
      list.csv,
      list.complete && ((trx, views) => list.complete!(trx, tenantId, views)),
    );
    answerCsv(ctx, list.fileName, rows);
  });
}

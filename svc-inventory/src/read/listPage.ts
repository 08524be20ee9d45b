import type { Knex } from 'knex';
import { preparedStatement } from '@printpool/service-kit';
import { sqlPart, type SqlPart } from './sqlPart.js';

export interface ListPage<Row> {
  total: number;
  rows: Row[];
}

export type ListOrder = [column: string, direction: 'asc' | 'desc'][];

export interface ListPageQuery {
  table: string;
  alias: string;
  /** Conditions on `table AS alias` that every listed row meets (tenant first, then search and filters), joined by AND. */
  where: [SqlPart, ...SqlPart[]];
  /** The page's select list, qualified by `alias`; it may read other tables (an order's lines as JSON). */
  columns: string;
  /** Columns of `table`, newest first or as the list shows them; the primary key `id` last breaks ties. */
  order: ListOrder;
  limit: number;
  offset: number;
  /** A one-row SELECT answering `total` from elsewhere (the sales order tallies); otherwise the matches are counted. */
  total?: SqlPart;
}

/**
 * A list page in one round trip: the total the page's heading shows and the page's rows.
 * The matching rows are found once (`matched`): counted and paged from the same set, a search
 * costs one pass over its index rather than two; when the total comes from elsewhere the set is
 * used once, so PostgreSQL inlines it and reads the first page straight off the order's index.
 * Only the page's rows compute their columns. The outer ORDER BY repeats the order because a
 * LATERAL join promises none of its own.
 *
 * The statement is written as text rather than built with Knex's query builder, whose compiling
 * of the nested builders took a tenth of the CPU of a list request, and runs as a prepared
 * statement (bench/api/RESULTS.md). Values are always bound; only the code's own table, column
 * and condition texts are spliced in, so each list has a few statement texts, not one per request.
 */
export async function loadListPage<Row>(knex: Knex, query: ListPageQuery): Promise<ListPage<Row>> {
  const { table, alias, order, where } = query;
  const keys = [...new Set([...order.map(([column]) => column), 'id'])].map((column) => `${alias}.${column}`).join(', ');
  const orderBy = (qualifier: string) => order.map(([column, direction]) => `${qualifier}${column} ${direction === 'desc' ? 'DESC' : 'ASC'}`).join(', ');
  const total = query.total ?? sqlPart('SELECT count(*) AS total FROM matched');
  const text =
    `WITH matched AS (SELECT ${keys} FROM ${table} AS ${alias} WHERE ${where.map((part) => part.text).join(' AND ')}) ` +
    `SELECT counted.total AS list_total, page.* FROM (${total.text}) AS counted LEFT JOIN LATERAL (` +
    `SELECT ${query.columns} FROM ${table} AS ${alias} ` +
    `JOIN (SELECT id FROM matched ORDER BY ${orderBy('')} LIMIT ? OFFSET ?) AS page_ids ON page_ids.id = ${alias}.id` +
    `) AS page ON true ORDER BY ${orderBy('page.')}`;
  const values = [...where.flatMap((part) => part.values), ...total.values, query.limit, query.offset];
  const result = await preparedStatement(knex, text, values);
  const found = result.rows as (Row & { list_total: number | string; id: unknown })[];
  return {
    total: Number(found[0]?.list_total ?? 0),
    rows: found.filter((row) => row.id !== null),
  };
}

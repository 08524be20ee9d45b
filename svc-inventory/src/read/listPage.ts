import type { Knex } from 'knex';
import { preparedStatement } from '@printpool/service-kit';
import type { ListSort } from '@printpool/domain';
import { sqlPart, type SqlPart } from '../db/sqlPart.js';

export interface ListPage<Row> {
  total: number;
  rows: Row[];
}

/**
 * SQL expressions over `table AS alias` and their direction; the last is the row's `id`, which
 * breaks ties. An expression with values of its own is a SqlPart (a bulk PO's charges to date,
 * counted outside SQL: read/purchaseOrderList.ts).
 */
export type ListOrder = [expression: string | SqlPart, direction: 'asc' | 'desc'][];

const orderPart = (expression: string | SqlPart): SqlPart => (typeof expression === 'string' ? sqlPart(expression) : expression);

/** Which rows a list holds and in what order: the page and the CSV export read the same. */
export interface ListSelection {
  table: string;
  alias: string;
  /** Conditions on `table AS alias` that every listed row meets (tenant first, then search and filters), joined by AND. */
  where: [SqlPart, ...SqlPart[]];
  /** The page's select list, qualified by `alias`; it may read other tables (an order's lines as JSON). */
  columns: string;
  order: ListOrder;
  /** A one-row SELECT answering `total` from elsewhere (the sales order tallies); otherwise the matches are counted. */
  total?: SqlPart;
}

export interface ListPageQuery extends ListSelection {
  limit: number;
  offset: number;
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
  // The sort keys travel with the page's ids as sort_0, sort_1…, so the outer ORDER BY can repeat them.
  const keyParts = order.map(([expression]) => orderPart(expression));
  const keys = keyParts.map((part, i) => `${part.text} AS sort_${i}`).join(', ');
  const sortKeys = order.map((_, i) => `sort_${i}`).join(', ');
  const orderBy = (qualifier: string) => order.map(([, direction], i) => `${qualifier}sort_${i} ${direction === 'desc' ? 'DESC' : 'ASC'}`).join(', ');
  const total = query.total ?? sqlPart('SELECT count(*) AS total FROM matched');
  const text =
    `WITH matched AS (SELECT ${alias}.id, ${keys} FROM ${table} AS ${alias} WHERE ${whereText(where)}) ` +
    `SELECT counted.total AS list_total, page.* FROM (${total.text}) AS counted LEFT JOIN LATERAL (` +
    `SELECT ${sortKeys}, ${query.columns} FROM ${table} AS ${alias} ` +
    `JOIN (SELECT id, ${sortKeys} FROM matched ORDER BY ${orderBy('')} LIMIT ? OFFSET ?) AS page_ids ON page_ids.id = ${alias}.id` +
    `) AS page ON true ORDER BY ${orderBy('page.')}`;
  const values = [...keyParts.flatMap((part) => part.values), ...where.flatMap((part) => part.values), ...total.values, query.limit, query.offset];
  const result = await preparedStatement(knex, text, values);
  const found = result.rows as (Row & { list_total: number | string; id: unknown })[];
  return {
    total: Number(found[0]?.list_total ?? 0),
    rows: found.filter((row) => row.id !== null),
  };
}

const whereText = (where: readonly SqlPart[]) => where.map((part) => part.text).join(' AND ');

/** Every row of the list, in its order, as one statement (the CSV export reads it through a cursor). */
export function listStatement({ table, alias, where, columns, order }: ListSelection): SqlPart {
  const keys = order.map(([expression, direction]) => [orderPart(expression), direction] as const);
  const orderBy = keys.map(([part, direction]) => `${part.text} ${direction === 'desc' ? 'DESC' : 'ASC'}`).join(', ');
  return sqlPart(
    `SELECT ${columns} FROM ${table} AS ${alias} WHERE ${whereText(where)} ORDER BY ${orderBy}`,
    ...where.flatMap((part) => part.values),
    ...keys.flatMap(([part]) => part.values),
  );
}

/**
 * The list's order: the column the broker sorted by (`sortable` maps each sort key to its
 * expression), else the list's own; the row's id follows in the same direction so equal values
 * keep one order from page to page.
 */
export function listOrder<K extends string>(sort: ListSort<K> | null, sortable: Record<K, string | SqlPart>, fallback: ListOrder, id: string): ListOrder {
  return sort
    ? [
        [sortable[sort.key], sort.direction],
        [id, sort.direction],
      ]
    : fallback;
}

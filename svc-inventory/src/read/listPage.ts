import type { Knex } from 'knex';

export interface ListPage<Row> {
  total: number;
  rows: Row[];
}

export type ListOrder = [column: string, direction: 'asc' | 'desc'][];

export interface ListPageQuery {
  table: string;
  alias: string;
  /** Narrows `table AS alias` to the tenant's matching rows (tenant, search, filters). */
  filter: (query: Knex.QueryBuilder) => void;
  /** The page's columns, qualified by `alias`; they may read other tables (an order's lines as JSON). */
  columns: (string | Knex.Raw)[];
  /** Columns of `table`, newest first or as the list shows them; the primary key `id` last breaks ties. */
  order: ListOrder;
  limit: number;
  offset: number;
  /** A one-row query answering `total` from elsewhere (the sales order tallies); otherwise the matches are counted. */
  total?: Knex.QueryBuilder;
}

/** The rows a filtered list query matches before paging, as a `total` column. */
export function countOf(filtered: Knex.QueryBuilder): Knex.QueryBuilder {
  return filtered.clone().clearSelect().clearOrder().count({ total: '*' });
}

/**
 * A list page in one round trip: the total the page's heading shows and the page's rows.
 * The matching rows are found once (`matched`): counted and paged from the same set, a search
 * costs one pass over its index rather than two; when the total comes from elsewhere the set is
 * used once, so PostgreSQL inlines it and reads the first page straight off the order's index.
 * Only the page's rows compute their columns. The outer ORDER BY repeats the order because a
 * LATERAL join promises none of its own.
 */
export async function loadListPage<Row>(knex: Knex, query: ListPageQuery): Promise<ListPage<Row>> {
  const { table, alias, order } = query;
  const matching = knex(`${table} as ${alias}`).select(...new Set([...order.map(([column]) => `${alias}.${column}`), `${alias}.id`]));
  query.filter(matching);
  const pageIds = knex('matched')
    .select('id')
    .orderBy(order.map(([column, direction]) => ({ column, order: direction })))
    .limit(query.limit)
    .offset(query.offset);
  const rows = knex(`${table} as ${alias}`).join(pageIds.as('page_ids'), 'page_ids.id', `${alias}.id`).select(query.columns);
  const total = query.total ?? knex('matched').count({ total: '*' });
  const orderBy = order.map(([, direction]) => `page.?? ${direction === 'desc' ? 'DESC' : 'ASC'}`).join(', ');
  const result = await knex.raw(
    `WITH matched AS (?) SELECT counted.total AS list_total, page.* FROM (?) AS counted LEFT JOIN LATERAL (?) AS page ON true ORDER BY ${orderBy}`,
    [matching, total, rows, ...order.map(([column]) => column)],
  );
  const found = result.rows as (Row & { list_total: number | string; id: unknown })[];
  return {
    total: Number(found[0]?.list_total ?? 0),
    rows: found.filter((row) => row.id !== null),
  };
}

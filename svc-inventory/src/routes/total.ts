import type { Knex } from 'knex';

/** Rows a list query matches before paging, for the X-Total-Count header. */
export async function totalOf(query: Knex.QueryBuilder): Promise<number> {
  const row = (await query.clone().clearSelect().clearOrder().count({ total: '*' }).first()) as { total?: number | string } | undefined;
  return Number(row?.total ?? 0);
}

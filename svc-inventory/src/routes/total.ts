import type { Knex } from 'knex';
import { countOf } from '../read/listPage.js';

/** Rows a list query matches before paging, for the X-Total-Count header. */
export async function totalOf(query: Knex.QueryBuilder): Promise<number> {
  const row = (await countOf(query).first()) as { total?: number | string } | undefined;
  return Number(row?.total ?? 0);
}

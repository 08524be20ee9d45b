import type { Knex } from 'knex';

/**
 * Compresses a column's large values with lz4 where the server was built with it: several times
 * faster than PostgreSQL's default (pglz) for JSON written by the thousand. A server without
 * lz4 (the embedded one may be) keeps its default.
 */
export async function compressWithLz4(knex: Knex, table: string, column: string): Promise<void> {
  const { rows } = await knex.raw("SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)");
  if (rows.length > 0) await knex.raw('ALTER TABLE ?? ALTER COLUMN ?? SET COMPRESSION lz4', [table, column]);
}

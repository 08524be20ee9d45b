import type { Knex } from 'knex';

/** Below this many written rows a table's statistics are left to autovacuum. */
const BULK_ROWS = 100;
/** A write adding this share of a table's known rows (or more) makes its statistics misleading. */
const GROWTH_SHARE = 0.2;

/**
 * Refreshes the planner's statistics of `table` (in the current schema) after a bulk write that
 * grew it by a large share. Autovacuum does the same, but up to a minute later; meanwhile a
 * freshly filled table is still estimated nearly empty, and the plans built on that estimate
 * (nested loops over tens of thousands of rows) turn a full sync's milliseconds into minutes.
 * Runs inside the caller's transaction, whose own rows ANALYZE counts; it blocks no reader or
 * writer of the table.
 */
export async function analyzeAfterBulkWrite(trx: Knex | Knex.Transaction, table: string, written: number): Promise<void> {
  if (written < BULK_ROWS) return;
  const { rows } = (await trx.raw('SELECT reltuples FROM pg_class WHERE oid = to_regclass(?)', [table])) as { rows: { reltuples: number | string }[] };
  const known = Number(rows[0]?.reltuples ?? -1);
  // reltuples is -1 until a table is first analyzed.
  if (known >= 0 && written < known * GROWTH_SHARE) return;
  await trx.raw('ANALYZE ??', [table]);
}

import type { Migration } from '@printpool/service-kit';

/**
 * Trigram indexes for the lists' `?search=` (a substring match, ILIKE '%term%'), which a
 * b-tree cannot serve: with 100,000 sales orders the search and its X-Total-Count were
 * sequential scans of the tenant's orders (bench/api/RESULTS.md). Each column the search ORs
 * together gets an index, so the planner can combine them (BitmapOr).
 *
 * pg_trgm is a contrib extension. It is created in `public`, shared by every service schema
 * (each has `public` on its search path), under a lock so that services migrating at once do
 * not race to create it. Embedded PGlite does not ship it; there the lists stay unindexed for
 * search, which at a single broker's scale on a laptop is a scan of a few thousand rows.
 */
export const listSearchMigration: Migration = {
  name: '005_list_search',
  async up(knex) {
    const { rows } = await knex.raw("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'");
    if (rows.length === 0) return;
    await knex.raw("SELECT pg_advisory_xact_lock(hashtext('create extension pg_trgm'))");
    await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    const searched: [table: string, column: string][] = [
      ['sales_orders', 'so_number'],
      ['sales_orders', 'customer_name'],
      ['sales_orders', 'status'],
      ['purchase_orders', 'po_number'],
      ['purchase_orders', 'vendor_name'],
    ];
    for (const [table, column] of searched) {
      await knex.raw(`CREATE INDEX ?? ON ?? USING gin (?? public.gin_trgm_ops)`, [`${table}_${column}_trgm`, table, column]);
    }
  },
};

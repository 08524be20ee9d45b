import type { Migration } from '@printpool/service-kit';

/**
 * A vendor the broker adds with New Purchase Order's Add vendor (docs/product.md §5) is kept with
 * the synced ones, without a QuickBooks id or update time: manual purchase orders are never written
 * to QuickBooks, so neither is their vendor. One name per company among those added here; the
 * sync's upsert on (tenant_id, qb_id) never meets them.
 */
export const vendorsAddedHereMigration: Migration = {
  name: '026_vendors_added_here',
  async up(knex) {
    await knex.raw('ALTER TABLE vendors ALTER COLUMN qb_id DROP NOT NULL, ALTER COLUMN qb_updated_at DROP NOT NULL');
    await knex.raw('CREATE UNIQUE INDEX vendors_added_here_name ON vendors (tenant_id, lower(name)) WHERE qb_id IS NULL');
  },
};

import { announceTenantChanges, type Migration } from '@printpool/service-kit';

/**
 * A reorder alert's estimate (docs/product.md §12): one row per customer item, from the moment the
 * broker asks for it (requested_at, with the units at the vendor then, `level`) until svc-sync
 * records what QuickBooks created (estimate_qb_id, doc_number, created_at). The row is the guard
 * against a second click: while it is held, no second estimate is written. The alert carries the
 * estimate while its units at the vendor stay at or below `level`; a later reorder replaces it.
 */
export const reorderEstimatesMigration: Migration = {
  name: '034_reorder_estimates',
  async up(knex) {
    await knex.schema.createTable('reorder_estimates', (t) => {
      t.text('tenant_id').notNullable();
      t.text('customer_qb_id').notNullable();
      t.text('item_qb_id').notNullable();
      t.decimal('level', 20, 7).notNullable();
      t.specificType('quantity', 'numeric').notNullable();
      t.specificType('unit_price', 'numeric').notNullable();
      t.timestamp('requested_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.text('estimate_qb_id');
      t.text('doc_number');
      t.timestamp('created_at', { useTz: true });
      t.primary(['tenant_id', 'customer_qb_id', 'item_qb_id']);
    });
    await announceTenantChanges(knex, ['reorder_estimates']);
  },
};

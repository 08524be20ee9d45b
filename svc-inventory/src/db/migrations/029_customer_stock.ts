import { announceTenantChanges, type Migration } from '@printpool/service-kit';

/**
 * Customer stock (docs/product.md §12): whose stock a bulk PO line is (the customer its QuickBooks
 * line names, an ItemBasedExpenseLineDetail's CustomerRef, kept by the sync); the reorder points
 * the broker sets per customer item; and the alerts the broker dismissed, with the level each was
 * dismissed at, so one comes back only when the level falls further.
 */
export const customerStockMigration: Migration = {
  name: '029_customer_stock',
  async up(knex) {
    await knex.schema.alterTable('purchase_order_lines', (t) => {
      t.text('customer_qb_id');
    });
    await knex.schema.createTable('customer_reorder_points', (t) => {
      t.text('tenant_id').notNullable();
      t.text('customer_qb_id').notNullable();
      t.text('item_qb_id').notNullable();
      t.decimal('units', 20, 7);
      t.decimal('months', 6, 2);
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['tenant_id', 'customer_qb_id', 'item_qb_id']);
    });
    await knex.schema.createTable('inventory_alert_dismissals', (t) => {
      t.text('tenant_id').notNullable();
      t.text('alert_key').notNullable();
      t.decimal('level', 20, 7).notNullable();
      t.timestamp('dismissed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['tenant_id', 'alert_key']);
    });
    await knex.raw("CREATE INDEX purchase_order_lines_customer ON purchase_order_lines (tenant_id, customer_qb_id) WHERE kind = 'item'");
    await announceTenantChanges(knex, ['customer_reorder_points', 'inventory_alert_dismissals']);
  },
};

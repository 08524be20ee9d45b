import type { Migration } from '@printpool/service-kit';

/**
 * Whose stock a bulk PO line is (docs/product.md §12): the customer its QuickBooks line names
 * (an ItemBasedExpenseLineDetail's CustomerRef), kept by the sync.
 */
export const customerStockMigration: Migration = {
  name: '029_customer_stock',
  async up(knex) {
    await knex.schema.alterTable('purchase_order_lines', (t) => {
      t.text('customer_qb_id');
    });
    await knex.raw("CREATE INDEX purchase_order_lines_customer ON purchase_order_lines (tenant_id, customer_qb_id) WHERE kind = 'item'");
  },
};

import { announceTenantChanges, type Migration } from '@printpool/service-kit';

/**
 * The broker's word on whose stock an item of a bulk PO is (docs/product.md §12), for stock its
 * QuickBooks lines do not give to a customer: one row per PO and item, the customer by QuickBooks
 * id as the rest of customer stock keys it. Gone with its PO.
 */
export const stockAssignmentsMigration: Migration = {
  name: '035_stock_assignments',
  async up(knex) {
    await knex.schema.createTable('stock_assignments', (t) => {
      t.text('tenant_id').notNullable();
      t.bigInteger('purchase_order_id').notNullable().references('id').inTable('purchase_orders').onDelete('CASCADE');
      t.text('item_qb_id').notNullable();
      t.text('customer_qb_id').notNullable();
      t.timestamp('assigned_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['tenant_id', 'purchase_order_id', 'item_qb_id']);
      t.index(['tenant_id', 'customer_qb_id']);
    });
    await announceTenantChanges(knex, ['stock_assignments']);
  },
};

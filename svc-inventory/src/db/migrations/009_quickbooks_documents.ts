import type { Migration } from '@printpool/service-kit';

/**
 * What real QuickBooks documents carry beyond item lines (docs/quickbooks.md "What inventory
 * keeps"):
 *  - a purchase order's expense lines (freight, setup booked to an account) are kept with the
 *    order for its money, but hold no stock: `kind` tells them apart, and every line keeps
 *    QuickBooks' Amount so lines visibly add up to the total;
 *  - a sales order line that is a component of a bundle (a Group item) remembers the bundle the
 *    customer bought; the component is what is drawn;
 *  - both documents keep QuickBooks' subtotal, discount and tax (nullable: documents imported
 *    before this migration get them with their next sync) and their currency;
 *  - customers and items keep their fully qualified name ("Parent:Job", "Business Cards:500 ct")
 *    and parent, so two records with the same short name stay apart.
 * Existing lines are item lines, so `kind` defaults to 'item'.
 */
export const quickbooksDocumentsMigration: Migration = {
  name: '009_quickbooks_documents',
  async up(knex) {
    await knex.schema.alterTable('purchase_order_lines', (t) => {
      t.text('kind').notNullable().defaultTo('item');
      t.decimal('amount', 14, 2);
    });
    await knex.schema.alterTable('sales_order_lines', (t) => {
      t.text('bundle_line_id');
      t.text('bundle_item_qb_id');
      t.text('bundle_name');
      // Bundle quantities are QuickBooks' own, possibly fractional: kept as numeric without scale.
      t.specificType('bundle_quantity', 'numeric');
    });
    for (const table of ['purchase_orders', 'sales_orders']) {
      await knex.schema.alterTable(table, (t) => {
        t.decimal('subtotal', 14, 2);
        t.decimal('discount', 14, 2);
        t.decimal('tax', 14, 2);
        t.text('currency');
      });
    }
    for (const table of ['customers', 'items']) {
      await knex.schema.alterTable(table, (t) => {
        t.text('full_name');
        t.text('parent_qb_id');
      });
    }
    await knex.schema.alterTable('customers', (t) => {
      t.text('currency');
    });
  },
};

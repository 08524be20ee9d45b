import type { Migration } from '@printpool/service-kit';

/**
 * What the broker pays the vendor per unit of an item (QuickBooks' PurchaseCost), which a manual
 * purchase order's lines start from (docs/product.md §2, Purchase Orders page). Null until the
 * item syncs again, and for an item QuickBooks has no cost for. Numeric as unit_price (008).
 */
export const itemPurchaseCostMigration: Migration = {
  name: '025_item_purchase_cost',
  async up(knex) {
    await knex.schema.alterTable('items', (t) => {
      t.specificType('purchase_cost', 'numeric');
    });
  },
};

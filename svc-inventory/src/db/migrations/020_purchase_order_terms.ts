import type { Migration } from '@printpool/service-kit';

/**
 * The payment terms a purchase order names (its SalesTermRef, by name), which the PO and the
 * pull tickets released from it print for the vendor (docs/quickbooks.md "What documents
 * print"). Null until the PO's next sync brings them, and for manual POs.
 */
export const purchaseOrderTermsMigration: Migration = {
  name: '020_purchase_order_terms',
  async up(knex) {
    await knex.schema.alterTable('purchase_orders', (t) => {
      t.text('terms');
    });
  },
};

import type { Migration } from '@printpool/service-kit';

/**
 * What the sales-order and pull-ticket PDFs print from the estimate besides its addresses
 * (svc-documents/src/pdf): the ship method, the payment terms and the customer's own PO
 * number. Null for manual orders and, until their next sync, for estimates imported before.
 */
export const estimateShippingTermsMigration: Migration = {
  name: '011_estimate_shipping_terms',
  async up(knex) {
    await knex.schema.alterTable('sales_orders', (t) => {
      t.text('ship_method');
      t.text('terms');
      t.text('customer_po_number');
    });
  },
};

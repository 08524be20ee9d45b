import type { Migration } from '@printpool/service-kit';

/**
 * What the customer and the vendor read that inventory did not keep (docs/quickbooks.md "What
 * documents print"):
 *  - a sales order's description-only lines ('PROOF MUST BE APPROVED BEFORE RUN'), as JSON
 *    beside the order rather than as order lines, so nothing that draws, counts or edits lines
 *    ever meets them; null until an estimate's next sync brings them (and for manual orders);
 *  - a purchase order's ship-to address, which the vendor ships to.
 */
export const whatDocumentsReadMigration: Migration = {
  name: '017_what_documents_read',
  async up(knex) {
    await knex.schema.alterTable('sales_orders', (t) => {
      t.jsonb('description_lines');
    });
    await knex.schema.alterTable('purchase_orders', (t) => {
      t.text('ship_address');
    });
  },
};

import type { Migration } from '@printpool/service-kit';

/**
 * A vendor's lead time, in days, among its program defaults: how long a reorder takes to arrive,
 * from which a customer item's reorder point follows by default (docs/product.md §12).
 */
export const vendorLeadTimeMigration: Migration = {
  name: '033_vendor_lead_time',
  async up(knex) {
    await knex.schema.alterTable('vendor_program_defaults', (t) => {
      t.integer('lead_time_days').notNullable().defaultTo(30);
    });
  },
};

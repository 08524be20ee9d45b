import type { Knex } from 'knex';
import { announceTenantChanges, type Migration } from '@printpool/service-kit';

/** The terms a program and a vendor's defaults share (docs/product.md §11), money to the cent, units as QuickBooks counts them. */
function termColumns(t: Knex.CreateTableBuilder, knex: Knex): void {
  t.specificType('min_release_quantity', 'numeric');
  t.decimal('release_charge', 14, 2).notNullable();
  t.integer('free_storage_days');
  t.decimal('storage_charge_per_month', 14, 2);
  t.text('storage_charge_basis').notNullable();
  t.integer('tolerance_percent').notNullable();
  t.text('notes');
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

/**
 * Inventory programs: the terms a broker runs a bulk purchase order by with its vendor, and each
 * vendor's defaults, which a bulk PO without terms of its own reads. PrintPool's own records:
 * nothing in them goes to QuickBooks. A PO's terms go with the PO; a vendor is named as its
 * purchase orders carry it (purchase_orders.vendor_name).
 */
export const inventoryProgramsMigration: Migration = {
  name: '021_inventory_programs',
  async up(knex) {
    await knex.schema.createTable('purchase_order_programs', (t) => {
      t.text('tenant_id').notNullable();
      t.bigInteger('purchase_order_id').notNullable().references('id').inTable('purchase_orders').onDelete('CASCADE');
      termColumns(t, knex);
      t.date('expires_on').notNullable();
      t.integer('planned_releases');
      t.primary(['tenant_id', 'purchase_order_id']);
    });
    await knex.schema.createTable('vendor_program_defaults', (t) => {
      t.text('tenant_id').notNullable();
      t.text('vendor_name').notNullable();
      termColumns(t, knex);
      t.integer('term_months').notNullable();
      t.primary(['tenant_id', 'vendor_name']);
    });
    // Cached reads of a tenant follow these as they follow every table a screen reads (007).
    await announceTenantChanges(knex, ['purchase_order_programs', 'vendor_program_defaults']);
  },
};

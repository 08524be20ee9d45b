import type { Migration } from '@printpool/service-kit';

/**
 * Whether the broker chose the order's bulk PO (or chose none) in the Sales Order form.
 * Orders are otherwise re-allocated, oldest covering PO first, whenever the pool changes
 * (docs/architecture.md "Domain decisions"); the broker's choice is kept instead. Orders
 * edited before this migration are not known as chosen and are re-allocated like the others.
 */
export const poChosenByBrokerMigration: Migration = {
  name: '010_po_chosen_by_broker',
  async up(knex) {
    await knex.schema.alterTable('sales_orders', (t) => {
      t.boolean('po_chosen_by_broker').notNullable().defaultTo(false);
    });
  },
};

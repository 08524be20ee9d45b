import type { Migration } from '@printpool/service-kit';

/**
 * Quantities as QuickBooks holds them: fractional (2.5 boxes, 0.75 hours of design), to seven
 * decimal places. Whole-unit columns rounded them on import, so an order of 2.5 drew 3 from the
 * pool and totals disagreed with QuickBooks'. numeric keeps every digit and its arithmetic in
 * the ledger statements is exact; node-postgres reads numeric as a string, so every read of these
 * columns goes through `exactQuantity` (libs/domain/src/quantity.ts) or JSON, which reads numbers.
 * Rounded quantities come back exact with the next sync of their document.
 */
export const fractionalQuantitiesMigration: Migration = {
  name: '013_fractional_quantities',
  async up(knex) {
    const columns: [string, string[]][] = [
      ['purchase_order_lines', ['qty', 'qty_remaining']],
      ['sales_orders', ['total_quantity']],
      ['sales_order_lines', ['quantity']],
      ['allocations', ['qty']],
      ['item_levels', ['virtual_inventory']],
    ];
    for (const [table, names] of columns) {
      await knex.raw(`ALTER TABLE ${table} ${names.map((name) => `ALTER COLUMN ${name} TYPE numeric`).join(', ')}`);
    }
  },
};

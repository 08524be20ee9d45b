import type { Migration } from '@printpool/service-kit';

/**
 * Unit prices as QuickBooks holds them: print is priced per piece (0.0941), and numeric(14,2)
 * rounded every such price, so lines stopped adding up to QuickBooks' totals and an unchanged
 * order written back rewrote the estimate's prices. Money amounts stay at cents, as QuickBooks
 * keeps them. Rounded prices come back exact with the next sync of their document.
 *
 * Write-back sends only what the broker changed (docs/quickbooks.md): each sales order line
 * keeps the QuickBooks line it came from (qb_line_id), and each order the modelled values of
 * its estimate's item lines and bill-to e-mail as of its sync_token (quickbooks_base), the
 * common ancestor against which the broker's edit and a later QuickBooks edit are told apart.
 */
export const quickbooksPrecisionMigration: Migration = {
  name: '008_quickbooks_precision',
  async up(knex) {
    for (const table of ['items', 'purchase_order_lines', 'sales_order_lines']) {
      await knex.raw(`ALTER TABLE ${table} ALTER COLUMN unit_price TYPE numeric`);
    }
    await knex.schema.alterTable('sales_order_lines', (t) => {
      t.text('qb_line_id');
    });
    await knex.schema.alterTable('sales_orders', (t) => {
      t.jsonb('quickbooks_base');
    });
  },
};

import type { Migration } from '@printpool/service-kit';

/**
 * When QuickBooks deleted the estimate of an order PrintPool keeps because something hangs on it
 * (a pull ticket, an edit not yet written back, a shipment: src/orders/deletedEstimates.ts). Null
 * for every other order. The order holds its stock until the broker confirms the deletion.
 */
export const deletedInQuickbooksMigration: Migration = {
  name: '019_deleted_in_quickbooks',
  async up(knex) {
    await knex.raw('ALTER TABLE sales_orders ADD COLUMN deleted_in_quickbooks_at timestamptz');
  },
};

import type { Migration } from '@printpool/service-kit';

/**
 * The orders waiting for stock, found without reading the company's (orders/drawWaitingOrders.ts):
 * holding no bulk PO and saying why (allocation_note), which a company keeps few of while its
 * orders grow by the thousand.
 */
export const waitingSalesOrdersMigration: Migration = {
  name: '038_waiting_sales_orders',
  async up(knex) {
    await knex.raw(
      `CREATE INDEX sales_orders_waiting ON sales_orders (tenant_id)
       WHERE bulk_po_id IS NULL AND allocation_note IS NOT NULL`,
    );
  },
};

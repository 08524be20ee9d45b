import type { Migration } from '@printpool/service-kit';

/** A customer's orders, found without reading the company's (read/customerInventory.ts, whose stock it is). */
export const salesOrdersByCustomerMigration: Migration = {
  name: '037_sales_orders_by_customer',
  async up(knex) {
    await knex.raw('CREATE INDEX sales_orders_by_customer ON sales_orders (tenant_id, customer_qb_id)');
  },
};

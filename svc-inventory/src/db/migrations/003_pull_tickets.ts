import type { Migration } from '@printpool/service-kit';

/** Pull tickets (docs/product.md §3 PullTicket); the dashboard counts the pending ones. */
export const pullTicketsMigration: Migration = {
  name: '003_pull_tickets',
  async up(knex) {
    await knex.schema.createTable('pull_tickets', (t) => {
      t.bigIncrements('id');
      t.text('tenant_id').notNullable();
      t.text('pt_number').notNullable();
      t.bigInteger('sales_order_id').references('id').inTable('sales_orders').onDelete('SET NULL');
      t.text('so_number');
      t.text('customer_name');
      t.text('customer_email');
      t.text('customer_phone');
      t.text('customer_address');
      t.text('customer_shipping_address');
      t.text('vendor_name');
      t.text('vendor_email');
      t.text('vendor_phone');
      t.text('vendor_address');
      t.text('bulk_po_number');
      t.text('status').notNullable().defaultTo('pending');
      t.text('notes');
      t.date('ship_by_date');
      t.jsonb('items').notNullable().defaultTo('[]');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['tenant_id', 'pt_number']);
      t.index(['tenant_id', 'status']);
    });
  },
};

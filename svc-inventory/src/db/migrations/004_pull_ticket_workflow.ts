import type { Migration } from '@printpool/service-kit';

/**
 * What the pull ticket workflow needs beyond 003: the estimate's addresses and memo on the
 * sales order (a ticket carries them), approval and shipment on the ticket, and a per-tenant
 * counter for PT numbers, taken in the creating transaction so a rollback leaves no gap.
 */
export const pullTicketWorkflowMigration: Migration = {
  name: '004_pull_ticket_workflow',
  async up(knex) {
    await knex.schema.alterTable('sales_orders', (t) => {
      t.text('bill_address');
      t.text('ship_address');
      t.text('memo');
    });
    await knex.schema.alterTable('pull_tickets', (t) => {
      t.text('approval_notes');
      t.text('attachment_path');
      t.timestamp('shipped_at', { useTz: true });
      t.index(['tenant_id', 'created_at']);
      t.index(['tenant_id', 'sales_order_id']);
    });
    await knex.schema.createTable('pull_ticket_counters', (t) => {
      t.text('tenant_id').primary();
      t.integer('last_number').notNullable();
    });
  },
};

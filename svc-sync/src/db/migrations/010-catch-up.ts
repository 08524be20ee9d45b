import type { Migration } from '@printpool/service-kit';

/**
 * The scheduled catch-up (sync/catchUp.ts) and the failures a broker is shown with a Retry.
 * `catch_up_due_at` is the claim: a replica takes a company by moving its due time to the next
 * run in the statement that finds it due, so no two replicas run one company's catch-up at once.
 */
export const catchUp: Migration = {
  name: 'svc-sync/010-catch-up',
  async up(knex) {
    await knex.schema.alterTable('qbo_connections', (t) => {
      t.timestamp('catch_up_due_at', { useTz: true }).nullable();
      t.index(['catch_up_due_at']);
    });
    await knex.schema.createTable('write_back_failures', (t) => {
      t.text('tenant_id').notNullable();
      t.bigInteger('sales_order_id').notNullable();
      t.text('so_number').notNullable();
      t.text('reason').notNullable();
      t.timestamp('failed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['tenant_id', 'sales_order_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('write_back_failures');
    await knex.schema.alterTable('qbo_connections', (t) => {
      t.dropIndex(['catch_up_due_at']);
      t.dropColumn('catch_up_due_at');
    });
  },
};

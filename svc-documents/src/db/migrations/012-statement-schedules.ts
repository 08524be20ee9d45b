import type { Migration } from '@printpool/service-kit';

/**
 * A customer's monthly statement (docs/product.md §12): whether it is on, and the last calendar
 * month ('YYYY-MM') whose statement the schedule sent, so each month's goes once, whichever
 * replica's scheduler finds it due (src/statements/statementScheduler.ts).
 */
export const createStatementSchedules: Migration = {
  name: 'documents/012-statement-schedules',
  async up(knex) {
    await knex.schema.createTable('statement_schedules', (t) => {
      t.text('tenant_id').notNullable();
      t.bigInteger('customer_id').notNullable();
      t.boolean('monthly').notNullable();
      t.text('last_sent_month');
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['tenant_id', 'customer_id']);
    });
    await knex.raw('CREATE INDEX statement_schedules_due ON statement_schedules (last_sent_month) WHERE monthly');
  },
  async down(knex) {
    await knex.schema.dropTable('statement_schedules');
  },
};

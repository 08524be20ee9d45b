import type { Migration } from '@printpool/service-kit';

/**
 * A customer's stock statement is e-mailed and logged like every other e-mail, its reference
 * the customer (src/routes/emailRoutes.ts). The period it covers is kept beside the log row,
 * written with it, so the event of its send (inventory.statement.sent, src/events/statementSent.ts)
 * names it, whether the first send or a resend took it out.
 */
export const addStatementEmails: Migration = {
  name: 'documents/011-statement-emails',
  async up(knex) {
    await knex.raw('ALTER TABLE email_logs DROP CONSTRAINT email_logs_reference_type');
    await knex.raw(`ALTER TABLE email_logs ADD CONSTRAINT email_logs_reference_type CHECK (reference_type IN ('SO', 'PO', 'PT', 'INVITATION', 'STATEMENT'))`);
    await knex.schema.createTable('statement_emails', (t) => {
      t.text('tenant_id').notNullable();
      t.uuid('email_log_id').notNullable();
      t.bigInteger('customer_id').notNullable();
      t.text('customer_name').notNullable();
      // Calendar days as the contract writes them (YYYY-MM-DD), read back as they were written.
      t.text('period_from').notNullable();
      t.text('period_to').notNullable();
      t.primary(['tenant_id', 'email_log_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('statement_emails');
    await knex.raw('ALTER TABLE email_logs DROP CONSTRAINT email_logs_reference_type');
    await knex.raw(`ALTER TABLE email_logs ADD CONSTRAINT email_logs_reference_type CHECK (reference_type IN ('SO', 'PO', 'PT', 'INVITATION'))`);
  },
};

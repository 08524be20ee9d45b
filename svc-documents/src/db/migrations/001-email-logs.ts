import type { Migration } from '@printpool/service-kit';

/** The communication log: one row per final outcome of a send, sent or failed. */
export const createEmailLogs: Migration = {
  name: 'documents/001-email-logs',
  async up(knex) {
    await knex.schema.createTable('email_logs', (t) => {
      t.text('tenant_id').notNullable();
      t.uuid('id').notNullable();
      t.text('subject').notNullable();
      t.text('to_email').notNullable();
      t.timestamp('sent_at', { useTz: true }).notNullable();
      t.text('reference_type').notNullable();
      t.text('reference_id').notNullable();
      t.text('reference_number').nullable();
      t.text('status').notNullable();
      t.text('error').nullable();
      t.integer('attempts').notNullable();
      t.text('message_id').nullable();
      t.primary(['tenant_id', 'id']);
    });
    await knex.raw(`ALTER TABLE email_logs ADD CONSTRAINT email_logs_reference_type CHECK (reference_type IN ('SO', 'PO', 'PT'))`);
    await knex.raw(`ALTER TABLE email_logs ADD CONSTRAINT email_logs_status CHECK (status IN ('sent', 'failed'))`);
    await knex.raw('CREATE INDEX email_logs_newest ON email_logs (tenant_id, sent_at DESC)');
  },
  async down(knex) {
    await knex.schema.dropTable('email_logs');
  },
};

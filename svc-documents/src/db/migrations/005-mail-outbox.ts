import type { Migration } from '@printpool/service-kit';

/**
 * Each e-mail waits here, message and attachments included, from the moment it is logged until
 * the mail server took it (src/mail/deliver.ts, src/mail/mailResender.ts): a send that failed,
 * or was cut short by a crash, is sent again later instead of being lost.
 */
export const createMailOutbox: Migration = {
  name: '005-mail-outbox',
  async up(knex) {
    await knex.schema.createTable('mail_outbox', (t) => {
      t.uuid('email_log_id').primary();
      t.text('tenant_id').notNullable();
      t.jsonb('message').notNullable();
      t.integer('resends').notNullable().defaultTo(0);
      t.timestamp('next_attempt_at', { useTz: true }).notNullable();
      t.index(['next_attempt_at']);
    });
  },
};

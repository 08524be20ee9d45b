import type { Migration } from '@printpool/service-kit';

/**
 * The key of each send a broker asked for (src/mail/deliverOnce.ts): the browser's
 * Idempotency-Key, or one derived from the message. Unique per tenant, so of two calls with
 * the same key, on any replica, one sends and the other answers its outcome.
 */
export const createMailSendKeys: Migration = {
  name: 'documents/010-mail-send-keys',
  async up(knex) {
    await knex.schema.createTable('mail_send_keys', (t) => {
      t.text('tenant_id').notNullable();
      t.text('send_key').notNullable();
      t.uuid('email_log_id').notNullable();
      // Derived from the message (no header): it holds only while the mail is queued or just went out.
      t.boolean('derived').notNullable();
      t.unique(['tenant_id', 'send_key'], { indexName: 'mail_send_keys_unique' });
    });
  },
  async down(knex) {
    await knex.schema.dropTable('mail_send_keys');
  },
};

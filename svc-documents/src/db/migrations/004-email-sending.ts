import type { Migration } from '@printpool/service-kit';

/**
 * An e-mail is logged 'sending' before it goes out (src/mail/deliver.ts): a log row that cannot
 * be written (a text PostgreSQL refuses) stops the send, so the answer and the log always agree.
 */
export const allowSendingEmails: Migration = {
  name: '004-email-sending',
  async up(knex) {
    await knex.raw('ALTER TABLE email_logs DROP CONSTRAINT email_logs_status');
    await knex.raw(`ALTER TABLE email_logs ADD CONSTRAINT email_logs_status CHECK (status IN ('sending', 'sent', 'failed'))`);
  },
};

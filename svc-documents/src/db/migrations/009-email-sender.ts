import type { Migration } from '@printpool/service-kit';

/**
 * The member who sent each e-mail, named as they were when they sent it (docs/product.md §10):
 * the communication log and a document's History tab show it. Mail logged before stays unnamed.
 */
export const addEmailSender: Migration = {
  name: 'documents/009-email-sender',
  async up(knex) {
    await knex.schema.alterTable('email_logs', (t) => t.text('sent_by'));
  },
  async down(knex) {
    await knex.schema.alterTable('email_logs', (t) => t.dropColumn('sent_by'));
  },
};

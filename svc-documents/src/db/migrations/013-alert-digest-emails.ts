import type { Migration } from '@printpool/service-kit';

/** A company's digest of stock alerts is logged like every other e-mail (src/routes/alertDigestMailRoutes.ts). */
export const allowAlertDigestEmails: Migration = {
  name: 'documents/013-alert-digest-emails',
  async up(knex) {
    await knex.raw('ALTER TABLE email_logs DROP CONSTRAINT email_logs_reference_type');
    await knex.raw(
      `ALTER TABLE email_logs ADD CONSTRAINT email_logs_reference_type CHECK (reference_type IN ('SO', 'PO', 'PT', 'INVITATION', 'STATEMENT', 'DIGEST'))`,
    );
  },
  async down(knex) {
    await knex.raw('ALTER TABLE email_logs DROP CONSTRAINT email_logs_reference_type');
    await knex.raw(`ALTER TABLE email_logs ADD CONSTRAINT email_logs_reference_type CHECK (reference_type IN ('SO', 'PO', 'PT', 'INVITATION', 'STATEMENT'))`);
  },
};

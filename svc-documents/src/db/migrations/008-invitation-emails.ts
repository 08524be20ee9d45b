import type { Migration } from '@printpool/service-kit';

/**
 * The e-mail that invites a person to join the company is logged like every other e-mail
 * (src/routes/invitationMailRoutes.ts), its reference being the gateway's invitation.
 */
export const allowInvitationEmails: Migration = {
  name: 'documents/008-invitation-emails',
  async up(knex) {
    await knex.raw('ALTER TABLE email_logs DROP CONSTRAINT email_logs_reference_type');
    await knex.raw(`ALTER TABLE email_logs ADD CONSTRAINT email_logs_reference_type CHECK (reference_type IN ('SO', 'PO', 'PT', 'INVITATION'))`);
  },
  async down(knex) {
    await knex.raw('ALTER TABLE email_logs DROP CONSTRAINT email_logs_reference_type');
    await knex.raw(`ALTER TABLE email_logs ADD CONSTRAINT email_logs_reference_type CHECK (reference_type IN ('SO', 'PO', 'PT'))`);
  },
};

import type { Migration } from '@printpool/service-kit';

/**
 * The e-mail of the broker's PrintPool account, from the gateway's settings events: mail answers
 * to it when QuickBooks' CompanyInfo has no e-mail (mail/deliver.ts). Set with the other
 * settings, so it shares fax_updated_at.
 */
export const addAccountEmail: Migration = {
  name: 'documents/007-account-email',
  async up(knex) {
    await knex.schema.alterTable('tenant_profiles', (t) => {
      t.text('account_email').nullable();
    });
  },
  async down(knex) {
    await knex.schema.alterTable('tenant_profiles', (t) => {
      t.dropColumn('account_email');
    });
  },
};

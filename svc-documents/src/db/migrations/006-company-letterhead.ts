import type { Migration } from '@printpool/service-kit';

/**
 * The rest of the letterhead and the pull-ticket price setting, mirrored from events like the
 * columns of 003-tenant-profiles.ts: the broker's legal name, address, phone and e-mail from
 * QuickBooks' CompanyInfo (accounting.company.updated), with the time of the event that set
 * them; which price a pull ticket prints ('none' unless the broker chose 'cost'), set by the
 * settings event, so it shares fax_updated_at.
 */
export const addCompanyLetterhead: Migration = {
  name: 'documents/006-company-letterhead',
  async up(knex) {
    await knex.schema.alterTable('tenant_profiles', (t) => {
      t.text('legal_name').nullable();
      t.text('company_address').nullable();
      t.text('company_phone').nullable();
      t.text('company_email').nullable();
      t.timestamp('company_info_updated_at', { useTz: true }).nullable();
      t.text('pull_ticket_prices').notNullable().defaultTo('none');
    });
  },
  async down(knex) {
    await knex.schema.alterTable('tenant_profiles', (t) => {
      t.dropColumns('legal_name', 'company_address', 'company_phone', 'company_email', 'company_info_updated_at', 'pull_ticket_prices');
    });
  },
};

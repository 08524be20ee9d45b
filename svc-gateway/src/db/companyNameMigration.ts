import type { Migration } from '@printpool/service-kit';

/**
 * A company is named by its owner's e-mail until its QuickBooks company names it
 * (events/companyName.ts). When QuickBooks last named it, so that an older event that arrives
 * late never brings back an older name.
 */
export const companyNameMigration: Migration = {
  name: '005_company_name_from_quickbooks',
  async up(knex) {
    await knex.schema.alterTable('tenants', (t) => {
      t.timestamp('name_from_quickbooks_at', { useTz: true });
    });
  },
  async down(knex) {
    await knex.schema.alterTable('tenants', (t) => {
      t.dropColumn('name_from_quickbooks_at');
    });
  },
};

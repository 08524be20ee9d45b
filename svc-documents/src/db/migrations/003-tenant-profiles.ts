import type { Migration } from '@printpool/service-kit';

/**
 * What the broker header of a PDF shows, mirrored from events: the fax number from the
 * gateway's settings, the company name from the QuickBooks connection. Each keeps the time of
 * the event that set it, so an older redelivered event never overwrites a newer value.
 */
export const createTenantProfiles: Migration = {
  name: 'documents/003-tenant-profiles',
  async up(knex) {
    await knex.schema.createTable('tenant_profiles', (t) => {
      t.text('tenant_id').primary();
      t.text('fax_number').nullable();
      t.timestamp('fax_updated_at', { useTz: true }).nullable();
      t.text('company_name').nullable();
      t.timestamp('company_updated_at', { useTz: true }).nullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('tenant_profiles');
  },
};

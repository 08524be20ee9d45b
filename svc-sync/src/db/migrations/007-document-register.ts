import type { Migration } from '@printpool/service-kit';

/**
 * The mirror keeps what svc-sync reads of a QuickBooks document, not the document: its
 * SyncToken (a change test, and the write-back's base), DocNumber (bulk detection), and a
 * customer's DisplayName and Active flag (a manual order's customer). The write-back always
 * merges into the estimate QuickBooks holds now (README: Write-back), so a stored copy of every
 * document was written on each full sync and never read; it cost the sync more PostgreSQL time
 * than any other statement (bench/sync/RESULTS.md).
 */
export const documentRegister: Migration = {
  name: 'svc-sync/007-document-register',
  async up(knex) {
    await knex.schema.alterTable('qbo_documents', (t) => {
      t.text('display_name').nullable();
      t.boolean('active').nullable();
    });
    await knex.raw(`UPDATE qbo_documents SET display_name = doc->>'DisplayName', active = coalesce((doc->>'Active')::boolean, true) WHERE entity = 'Customer'`);
    await knex.schema.alterTable('qbo_documents', (t) => {
      t.dropColumn('doc');
    });
    await knex.raw(`CREATE INDEX qbo_documents_customer_name ON qbo_documents (tenant_id, realm_id, lower(btrim(display_name))) WHERE entity = 'Customer'`);
  },
  async down(knex) {
    await knex.raw('DROP INDEX IF EXISTS qbo_documents_customer_name');
    await knex.schema.alterTable('qbo_documents', (t) => {
      t.json('doc').nullable();
      t.dropColumn('display_name');
      t.dropColumn('active');
    });
  },
};

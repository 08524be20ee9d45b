import type { Migration } from '@printpool/service-kit';

/**
 * DocNumber beside the raw document, indexed per tenant, realm and entity: bulk detection
 * counts a tenant's purchase orders and estimates from the index alone, not by unpacking the
 * JSON of every mirrored document.
 */
export const docNumberColumn: Migration = {
  name: 'svc-sync/002-doc-number',
  async up(knex) {
    await knex.schema.alterTable('qbo_documents', (t) => {
      t.text('doc_number').nullable();
    });
    await knex.raw("UPDATE qbo_documents SET doc_number = doc->>'DocNumber' WHERE doc->>'DocNumber' IS NOT NULL");
    await knex.raw('CREATE INDEX qbo_documents_doc_number ON qbo_documents (tenant_id, realm_id, entity, doc_number) WHERE doc_number IS NOT NULL');
  },
  async down(knex) {
    await knex.raw('DROP INDEX IF EXISTS qbo_documents_doc_number');
    await knex.schema.alterTable('qbo_documents', (t) => {
      t.dropColumn('doc_number');
    });
  },
};

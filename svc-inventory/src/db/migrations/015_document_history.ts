import type { Migration } from '@printpool/service-kit';

/**
 * Every change to a purchase order, sales order or pull ticket (docs/product.md §10): who, when,
 * why, the fields it changed, and the document's tracked fields as they then stood (`state`), from
 * which the next change is told apart. Append-only: a trigger refuses to update or delete an entry,
 * whoever asks. Entries outlive their document, so a deleted one's history stays readable by id.
 */
export const documentHistoryMigration: Migration = {
  name: '015_document_history',
  async up(knex) {
    await knex.schema.createTable('document_history', (t) => {
      t.bigIncrements('id');
      t.text('tenant_id').notNullable();
      t.text('document_kind').notNullable();
      t.bigInteger('document_id').notNullable();
      t.timestamp('occurred_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.text('member_id');
      t.text('actor').notNullable();
      t.text('action').notNullable();
      t.jsonb('changes').notNullable();
      t.jsonb('state');
      t.index(['tenant_id', 'document_kind', 'document_id', 'id']);
    });
    await knex.raw(
      `ALTER TABLE document_history ADD CONSTRAINT document_history_kind CHECK (document_kind IN ('purchase-order', 'sales-order', 'pull-ticket'))`,
    );
    await knex.raw(`
      CREATE FUNCTION document_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'document history is append-only';
      END $$`);
    await knex.raw(
      'CREATE TRIGGER document_history_append_only BEFORE UPDATE OR DELETE ON document_history FOR EACH ROW EXECUTE FUNCTION document_history_append_only()',
    );
  },
};

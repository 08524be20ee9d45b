import type { Migration } from '@printpool/service-kit';

/** Uploaded files; the bytes live on disk under `storage_name`, never under the client's name. */
export const createAttachments: Migration = {
  name: 'documents/002-attachments',
  async up(knex) {
    await knex.schema.createTable('attachments', (t) => {
      t.text('tenant_id').notNullable();
      t.uuid('id').notNullable();
      t.text('storage_name').notNullable().unique();
      t.text('file_name').notNullable();
      t.text('content_type').notNullable();
      t.bigInteger('size').notNullable();
      t.text('pull_ticket_id').nullable();
      t.text('uploaded_by').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['tenant_id', 'id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('attachments');
  },
};

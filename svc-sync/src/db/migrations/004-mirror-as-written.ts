import { compressWithLz4, type Migration } from '@printpool/service-kit';

/**
 * The mirror keeps each document as QuickBooks sent it (json keeps the text) instead of a
 * parsed jsonb tree: documents are written by the thousand on every full sync and read back
 * one at a time, so parsing each on write cost far more than it ever saved on read.
 */
export const mirrorAsWritten: Migration = {
  name: 'svc-sync/004-mirror-as-written',
  async up(knex) {
    await knex.raw('ALTER TABLE qbo_documents ALTER COLUMN doc TYPE json USING doc::json');
    await compressWithLz4(knex, 'qbo_documents', 'doc');
  },
  async down(knex) {
    await knex.raw('ALTER TABLE qbo_documents ALTER COLUMN doc TYPE jsonb USING doc::jsonb');
  },
};

import type { Migration } from '@printpool/service-kit';

/**
 * History is written by the thousand during a sync and read whole, never searched inside: its
 * columns become `json`, cheaper to write than `jsonb`. A document's first entry keeps no
 * `changes` (null): every field of its state is new, so an import's new orders write each field
 * once and the History route derives them (src/read/documentHistory.ts).
 */
export const documentHistoryJsonMigration: Migration = {
  name: '016_document_history_json',
  async up(knex) {
    await knex.raw('ALTER TABLE document_history ALTER COLUMN changes TYPE json USING changes::json, ALTER COLUMN changes DROP NOT NULL');
    await knex.raw('ALTER TABLE document_history ALTER COLUMN state TYPE json USING state::json');
  },
};

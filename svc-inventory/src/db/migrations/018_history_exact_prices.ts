import type { Migration } from '@printpool/service-kit';

/**
 * History showed a line's unit price to the cent ('$0.15' for QuickBooks' 0.1544); it now keeps
 * the price as QuickBooks holds it. Entries recorded before say so (`prices_exact` false), so the
 * first change after them does not list every sub-cent price as changed (src/domain/trackedFields.ts).
 */
export const historyExactPricesMigration: Migration = {
  name: '018_history_exact_prices',
  async up(knex) {
    await knex.raw('ALTER TABLE document_history ADD COLUMN prices_exact boolean NOT NULL DEFAULT false');
  },
};

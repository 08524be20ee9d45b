import type { Migration } from '@printpool/service-kit';

/**
 * One row per limit and client address: the count of the current window and when it ends. In
 * the database, so every gateway replica counts against one budget (rateLimitWindows.ts).
 */
export const rateLimitMigration: Migration = {
  name: '003_rate_limit_windows',
  async up(knex) {
    await knex.schema.createTable('rate_limit_windows', (t) => {
      t.text('name').notNullable();
      t.text('key').notNullable();
      t.integer('count').notNullable();
      t.timestamp('reset_at', { useTz: true }).notNullable();
      t.primary(['name', 'key']);
      t.index(['reset_at']);
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('rate_limit_windows');
  },
};

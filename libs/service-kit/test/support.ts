import type { Knex } from 'knex';
import type { Migration } from '../src/db/database.js';

/** A table standing for a service's own state, changed in the same transaction as its events. */
export const itemsMigration: Migration = {
  name: 'test/001-items',
  async up(knex: Knex) {
    await knex.schema.createTable('items', (t) => {
      t.text('id').primary();
      t.integer('qty').notNullable();
    });
  },
};

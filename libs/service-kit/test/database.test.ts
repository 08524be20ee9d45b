import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Knex } from 'knex';
import { createDatabase, type Database, type Migration } from '../src/db/database.js';

// PostgreSQL at DATABASE_URL when set; otherwise PGlite on disk, so a re-opened database keeps its data.
const url = process.env.DATABASE_URL || undefined;
const schema = `test_${randomBytes(6).toString('hex')}`;
let dataDir: string | undefined;

const customers: Migration = {
  name: '001-customers',
  async up(knex: Knex) {
    await knex.schema.createTable('customers', (t) => {
      t.text('id').primary();
      t.text('name').notNullable();
    });
  },
};
const items: Migration = {
  name: '002-items',
  async up(knex: Knex) {
    await knex.schema.createTable('items', (t) => t.text('id').primary());
  },
};

const open = (migrations: Migration[]) => createDatabase({ schema, migrations, url, dataDir });

async function tablesIn(db: Database): Promise<string[]> {
  const rows = await db.knex('information_schema.tables').where({ table_schema: schema }).orderBy('table_name').select('table_name');
  return rows.map((r: { table_name: string }) => r.table_name);
}

beforeAll(async () => {
  if (!url) dataDir = await mkdtemp(path.join(tmpdir(), 'printpool-pglite-'));
});

afterAll(async () => {
  if (url) {
    const db = open([]);
    await db.knex.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
    await db.close();
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe(`createDatabase on ${url ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('creates the service schema and its tables there, and re-running migrations changes nothing', async () => {
    const db = open([customers]);
    try {
      await db.migrate();
      await db.migrate();
      expect(await tablesIn(db)).toEqual(['customers', 'knex_migrations', 'knex_migrations_lock']);
      await db.knex('customers').insert({ id: 'c-1', name: 'Acme Print' });
      await db.ping();
    } finally {
      await db.close();
    }
  });

  it('applies only the new migrations when a re-opened database gets more', async () => {
    const db = open([customers, items]);
    try {
      await db.migrate();
      expect(await tablesIn(db)).toEqual(['customers', 'items', 'knex_migrations', 'knex_migrations_lock']);
      expect(await db.knex('customers').select('name')).toEqual([{ name: 'Acme Print' }]);
      const applied = await db.knex('knex_migrations').orderBy('id').pluck('name');
      expect(applied).toEqual(['001-customers', '002-items']);
    } finally {
      await db.close();
    }
  });

  it('refuses a schema name that is not a plain identifier', () => {
    expect(() => createDatabase({ schema: 'public; drop table x', migrations: [] })).toThrow(/Invalid schema/);
  });
});

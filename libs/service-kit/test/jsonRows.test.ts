import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database, Migration } from '../src/db/database.js';
import { insertJsonRows } from '../src/db/jsonRows.js';
import { createTestDatabase } from '../src/testing/index.js';

const pricesMigration: Migration = {
  name: 'test/001-prices',
  async up(knex) {
    await knex.schema.createTable('prices', (t) => {
      t.increments('id');
      t.text('tenant_id').notNullable();
      t.text('qb_id').notNullable();
      t.decimal('unit_price', 20, 10).notNullable();
      t.jsonb('address');
      t.timestamp('qb_updated_at', { useTz: true }).notNullable();
      t.timestamp('synced_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['tenant_id', 'qb_id']);
    });
  },
};

describe('rows written as one JSON parameter', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase([pricesMigration]);
  });
  afterAll(async () => {
    await db.close();
  });

  const upsert = {
    conflict: ['tenant_id', 'qb_id'],
    merge: ['unit_price', 'address', 'qb_updated_at'],
    where: 'prices.qb_updated_at <= excluded.qb_updated_at',
  };

  it('keeps every digit, stores objects as JSON, fills defaults and answers what was asked', async () => {
    const written = await insertJsonRows<{ id: number; qb_id: string }>(db.knex, {
      table: 'prices',
      rows: [
        { tenant_id: 't1', qb_id: '7', unit_price: 0.0425, address: { Line1: '9 Dock Rd', City: 'Austin' }, qb_updated_at: '2026-11-01T10:00:00-08:00' },
        { tenant_id: 't1', qb_id: '8', unit_price: 1234567.12345678, address: null, qb_updated_at: '2026-11-01T10:00:00-08:00' },
      ],
      upsert,
      returning: ['id', 'qb_id'],
    });
    expect(written.map((row) => row.qb_id)).toEqual(['7', '8']);
    const rows = await db.knex('prices').orderBy('qb_id').select('qb_id', 'unit_price', 'address', 'synced_at');
    expect(rows.map((row) => [row.qb_id, row.unit_price, row.address])).toEqual([
      ['7', '0.0425000000', { Line1: '9 Dock Rd', City: 'Austin' }],
      ['8', '1234567.1234567800', null],
    ]);
    expect(rows.every((row) => row.synced_at instanceof Date)).toBe(true);
  });

  it('updates on conflict only where the condition holds', async () => {
    await insertJsonRows(db.knex, {
      table: 'prices',
      rows: [
        { tenant_id: 't1', qb_id: '7', unit_price: 0.05, address: null, qb_updated_at: '2026-11-02T10:00:00-08:00' },
        // Older than what is stored: a late redelivery changes nothing.
        { tenant_id: 't1', qb_id: '8', unit_price: 1, address: null, qb_updated_at: '2026-10-01T10:00:00-08:00' },
      ],
      upsert,
    });
    const rows = await db.knex('prices').orderBy('qb_id').select('qb_id', 'unit_price');
    expect(rows).toEqual([
      { qb_id: '7', unit_price: '0.0500000000' },
      { qb_id: '8', unit_price: '1234567.1234567800' },
    ]);
  });

  it('refuses a name that is not a plain identifier', async () => {
    await expect(insertJsonRows(db.knex, { table: 'prices; drop table prices', rows: [{ qb_id: '1' }] })).rejects.toThrow(
      "Not a column or table name: 'prices; drop table prices'",
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '../src/db/database.js';
import { analyzeAfterBulkWrite } from '../src/db/plannerStatistics.js';
import { createTestDatabase } from '../src/testing/index.js';
import { itemsMigration } from './support.js';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase([itemsMigration]);
});
afterAll(() => db.close());

/** What the planner believes the table holds. */
const estimatedRows = async () => Number((await db.knex.raw("SELECT reltuples FROM pg_class WHERE oid = to_regclass('items')")).rows[0].reltuples);
const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: `i${from + i}`, qty: 1 }));

describe('planner statistics after a bulk write', () => {
  it('are refreshed inside the writing transaction when the write grows the table by a large share, and left alone otherwise', async () => {
    await db.knex.transaction(async (trx) => {
      await trx('items').insert(rows(0, 2000));
      await analyzeAfterBulkWrite(trx, 'items', 2000);
    });
    expect(await estimatedRows()).toBe(2000);

    await db.knex.transaction(async (trx) => {
      await trx('items').insert(rows(2000, 150));
      await analyzeAfterBulkWrite(trx, 'items', 150);
    });
    expect(await estimatedRows()).toBe(2000);

    await db.knex.transaction(async (trx) => {
      await trx('items').insert(rows(2150, 1000));
      await analyzeAfterBulkWrite(trx, 'items', 1000);
    });
    expect(await estimatedRows()).toBe(3150);
  });
});

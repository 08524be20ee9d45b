import type { Knex } from 'knex';
import { preparedStatement } from '../src/db/preparedStatement.js';
import type { Database } from '../src/db/database.js';
import { createTestDatabase } from '../src/testing/testDatabase.js';

// PostgreSQL at DATABASE_URL prepares the statements on each pooled connection; PGlite ignores the names.
let db: Database;

beforeAll(async () => {
  db = await createTestDatabase([
    {
      name: '001-notes',
      async up(knex: Knex) {
        await knex.schema.createTable('notes', (t) => {
          t.increments('id');
          t.text('tenant_id').notNullable();
          t.text('body').notNullable();
        });
      },
    },
  ]);
});
afterAll(() => db.close());

const notesOf = async (tenantId: string) =>
  ((await preparedStatement(db.knex, 'SELECT body FROM notes WHERE tenant_id = ? ORDER BY id', [tenantId])).rows as { body: string }[]).map((row) => row.body);

describe('prepared statements', () => {
  it('answer what the tables hold at each call, not what they held when first prepared', async () => {
    expect(await notesOf('t1')).toEqual([]);
    for (let i = 1; i <= 8; i++) {
      await db.knex('notes').insert({ tenant_id: 't1', body: `note ${i}` });
      expect(await notesOf('t1')).toHaveLength(i);
    }
    expect(await notesOf('t2')).toEqual([]);
  });

  it('keep statements of different texts apart on the same connections', async () => {
    const plus = (n: number, value: number) => preparedStatement(db.knex, `SELECT ?::int + ${n} AS x`, [value]);
    const answers = await Promise.all(Array.from({ length: 20 }, async (_, i) => (await plus(i % 2, i)).rows[0].x));
    expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => i + (i % 2)));
  });

  it('run inside a transaction, seeing its own writes', async () => {
    await db.knex.transaction(async (trx) => {
      await trx('notes').insert({ tenant_id: 't3', body: 'draft' });
      const { rows } = await preparedStatement(trx, 'SELECT body FROM notes WHERE tenant_id = ? ORDER BY id', ['t3']);
      expect(rows).toEqual([{ body: 'draft' }]);
    });
  });
});

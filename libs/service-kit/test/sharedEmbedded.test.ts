import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, type Database, type Migration } from '../src/db/database.js';
import { openSharedEmbeddedDatabase, type SharedEmbeddedDatabase } from '../src/db/sharedEmbedded.js';

const notes: Migration[] = [
  {
    name: '001_notes',
    up: (knex) =>
      knex.schema.createTable('notes', (t) => {
        t.increments('id');
        t.text('text').notNullable();
      }),
  },
];

const dataDir = mkdtempSync(path.join(tmpdir(), 'shared-embedded-'));
let shared: SharedEmbeddedDatabase;
let inventory: Database;
let documents: Database;

beforeAll(async () => {
  shared = await openSharedEmbeddedDatabase(path.join(dataDir, 'pglite'));
  inventory = createDatabase({ schema: 'inventory', migrations: notes, shared });
  documents = createDatabase({ schema: 'documents', migrations: notes, shared });
  // Side by side, as the all-in-one process starts its services.
  await Promise.all([inventory.migrate(), documents.migrate()]);
}, 60_000);

afterAll(async () => {
  await inventory.close();
  await documents.close();
  await shared.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('one embedded database shared by the services of a process', () => {
  it("keeps each service's tables in its own schema", async () => {
    await inventory.knex('notes').insert({ text: 'inventory note' });
    await documents.knex('notes').insert({ text: 'documents note' });
    expect(await inventory.knex('notes').pluck('text')).toEqual(['inventory note']);
    expect(await documents.knex('notes').pluck('text')).toEqual(['documents note']);
  });

  it("never runs one service's query inside another's transaction", async () => {
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const rolledBack = inventory.knex
      .transaction(async (trx) => {
        await trx('notes').insert({ text: 'never kept' });
        inside();
        await finished;
        throw new Error('the broker cancelled');
      })
      .catch(() => 'rolled back');
    await entered;
    // Waits for its turn: written after the rollback, and kept.
    const written = documents.knex('notes').insert({ text: 'kept' });
    finish();
    expect(await rolledBack).toBe('rolled back');
    await written;
    expect(await documents.knex('notes').where({ text: 'kept' }).count({ n: '*' })).toEqual([{ n: 1 }]);
    expect(await inventory.knex('notes').where({ text: 'never kept' }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('gives every service its turn under many concurrent transactions, none timing out', async () => {
    const writes = Array.from({ length: 60 }, (_, i) =>
      (i % 2 ? inventory : documents).knex.transaction(async (trx) => {
        await trx('notes').insert({ text: `burst ${i}` });
      }),
    );
    await Promise.all(writes);
    const count = async (db: Database) => Number((await db.knex('notes').where('text', 'like', 'burst %').count({ n: '*' }))[0]!.n);
    expect(await count(inventory)).toBe(30);
    expect(await count(documents)).toBe(30);
  });
});

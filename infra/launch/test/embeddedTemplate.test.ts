import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, type Migration } from '@printpool/service-kit';
import { openSharedEmbeddedDatabase } from '@printpool/service-kit/embedded';
import { buildEmbeddedTemplate, startFromTemplate, migrationsHeldBy } from '../src/embeddedTemplate.js';

const root = mkdtempSync(path.join(tmpdir(), 'printpool-template-'));
const template = path.join(root, 'template');
const shelves: Migration = {
  name: '0001_shelves',
  up: (knex) => knex.schema.createTable('shelves', (table) => table.increments('id')),
};
const module = { schema: 'warehouse', migrations: [shelves] };

/** Opens a data folder's embedded database as a first start would, and answers what its migrations left and one query's rows. */
async function openAndRead(folder: string, sql: string) {
  const embedded = await openSharedEmbeddedDatabase(folder);
  const db = createDatabase({ ...module, shared: embedded });
  try {
    await db.migrate();
    const migrations = (await db.knex('knex_migrations').select('name')).map((row: { name: string }) => row.name);
    return { migrations, rows: (await db.knex.raw(sql)).rows as unknown[] };
  } finally {
    await db.close();
    await embedded.close();
  }
}

beforeAll(() => buildEmbeddedTemplate(template, [module]), 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the embedded database a first start copies', () => {
  it('holds every schema migrated, so a fresh data folder starts with nothing to run', async () => {
    const folder = path.join(root, 'fresh', 'pglite');
    mkdirSync(path.dirname(folder), { recursive: true });
    expect(startFromTemplate(folder, template)).toBe(true);
    const { migrations, rows } = await openAndRead(folder, 'insert into shelves default values returning id');
    expect(migrations).toEqual(['0001_shelves']);
    expect(rows).toEqual([{ id: 1 }]);
    // The product's one database, without initdb's templates: a copy makes half the files.
    expect((await openAndRead(folder, 'select datname from pg_database')).rows).toEqual([{ datname: 'postgres' }]);
  }, 120_000);

  it('never replaces a data folder that holds a database, and its rows stay', async () => {
    const folder = path.join(root, 'fresh', 'pglite');
    expect(startFromTemplate(folder, template)).toBe(false);
    const { rows } = await openAndRead(folder, 'select id from shelves');
    expect(rows).toEqual([{ id: 1 }]);
  }, 120_000);

  it('replaces what a start stopped halfway left, a folder without a database and a half copy', async () => {
    const folder = path.join(root, 'halfway', 'pglite');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'postgresql.conf'), '');
    mkdirSync(`${folder}.copying`);
    expect(startFromTemplate(folder, template)).toBe(true);
    expect(existsSync(`${folder}.copying`)).toBe(false);
    const { rows } = await openAndRead(folder, 'select count(*)::int as shelves from shelves');
    expect(rows).toEqual([{ shelves: 0 }]);
  }, 120_000);

  it('knows which migrations it holds, so a copy is migrated only where the code has others', () => {
    const held = migrationsHeldBy(template);
    expect(held(module)).toBe(true);
    const later: Migration = { name: '0002_bins', up: (knex) => knex.schema.createTable('bins', (table) => table.increments('id')) };
    expect(held({ ...module, migrations: [shelves, later] })).toBe(false);
    expect(held({ schema: 'elsewhere', migrations: [shelves] })).toBe(false);
    expect(migrationsHeldBy(path.join(root, 'no-template'))(module)).toBe(false);
  });

  it('leaves a fresh folder to be created when the tree has no template (not built)', () => {
    expect(startFromTemplate(path.join(root, 'unbuilt', 'pglite'), path.join(root, 'no-template'))).toBe(false);
    expect(existsSync(path.join(root, 'unbuilt'))).toBe(false);
  });
});

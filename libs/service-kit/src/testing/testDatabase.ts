import { randomBytes } from 'node:crypto';
import { createDatabase, type Database, type Migration } from '../db/database.js';

/** Where the product keeps its data: a PostgreSQL server, or embedded PGlite, the zero-setup default. */
export type TestDatabaseKind = 'PostgreSQL' | 'embedded PGlite';

/** The kinds this run can test on: embedded PGlite always, and PostgreSQL too when `DATABASE_URL` names one (as CI does). */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.DATABASE_URL ? ['PostgreSQL', 'embedded PGlite'] : ['embedded PGlite'];
}

/**
 * A migrated database of its own for one test file: a fresh schema on the PostgreSQL at
 * `DATABASE_URL` (dropped on close), in-memory PGlite otherwise or when `kind` asks for it.
 */
export async function createTestDatabase(migrations: Migration[], kind?: TestDatabaseKind): Promise<Database> {
  const url = kind === 'embedded PGlite' ? undefined : process.env.DATABASE_URL || undefined;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const db = createDatabase({ schema, migrations, url, pool: { min: 0, max: 4 } });
  const close = async () => {
    if (url) await db.knex.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
    await db.close();
  };
  try {
    await db.migrate();
  } catch (err) {
    await close();
    throw err;
  }
  return { ...db, close };
}

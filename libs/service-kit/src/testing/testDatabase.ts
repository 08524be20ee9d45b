import { randomBytes } from 'node:crypto';
import { createDatabase, type Database, type Migration } from '../db/database.js';

/**
 * A migrated database of its own for one test file: a fresh schema on the PostgreSQL at
 * `DATABASE_URL` (dropped on close), in-memory PGlite otherwise.
 */
export async function createTestDatabase(migrations: Migration[]): Promise<Database> {
  const url = process.env.DATABASE_URL || undefined;
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

import { randomBytes } from 'node:crypto';
import { createDatabase, type Database, type Migration } from '@printpool/service-kit';

/**
 * A migrated database of its own: a fresh schema on the PostgreSQL of DATABASE_URL (dropped on
 * close), or in-memory PGlite when DATABASE_URL is unset.
 */
export async function createTestDatabase(migrations: Migration[]): Promise<Database> {
  const url = process.env.DATABASE_URL || undefined;
  const schema = `gateway_test_${randomBytes(6).toString('hex')}`;
  const db = createDatabase({ schema, migrations, url, pool: { min: 0, max: 4 } });
  await db.migrate();
  if (!url) return db;
  return {
    ...db,
    async close() {
      await db.knex.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
      await db.close();
    },
  };
}

import pg from 'pg';
import type { Database } from '../db/database.js';

/**
 * Migrates the service's schema while holding a session advisory lock named after it, on a
 * connection of its own. Replicas or migration jobs started together take turns: the first
 * migrates, the others find nothing left to do. Without it, two of them create knex's lock
 * table at once and one fails with `relation "knex_migrations_lock" already exists`.
 */
export async function migrateWithLock(db: Database): Promise<void> {
  if (!db.url) return db.migrate();
  const client = new pg.Client({ connectionString: db.url, application_name: `${db.schema} migrations` });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [migrationLockKey(db.schema)]);
    await db.migrate();
  } finally {
    // Ending the session releases the lock, also when the unlock itself fails.
    await client.end().catch(() => undefined);
  }
}

export function migrationLockKey(schema: string): string {
  return `${schema}.migrations`;
}

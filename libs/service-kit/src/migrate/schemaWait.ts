import type { Database, Migration } from '../db/database.js';
import { isUnavailable } from '../events/deadLetter.js';
import type { Logger } from '../logger.js';

/**
 * The migrations of `migrations` the schema has not run yet; every one when the schema or its
 * migrations table does not exist. It only reads: knex's own listing creates its tables.
 */
export async function pendingMigrations(db: Database, migrations: readonly Migration[]): Promise<string[]> {
  const table = await db.knex.raw<{ rows: { name: string | null }[] }>('SELECT to_regclass(?) AS name', [`${db.schema}.knex_migrations`]);
  if (!table.rows[0]?.name) return migrations.map((migration) => migration.name);
  const done = new Set((await db.knex.withSchema(db.schema).select('name').from('knex_migrations')).map((row: { name: string }) => row.name));
  return migrations.map((migration) => migration.name).filter((name) => !done.has(name));
}

export interface SchemaWaitOptions {
  logger: Logger;
  /** How long to wait before giving up (SCHEMA_WAIT_MS, default 10 minutes). */
  timeoutMs?: number;
  intervalMs?: number;
}

/**
 * Waits until the service's migration job has brought the schema up to this code's migrations.
 * Replicas of the distributed mode never migrate themselves (docs/architecture.md §1): a
 * rollout runs `migrate` once, before any new replica serves. A database that is away is
 * waited for as well. Newer migrations than this code knows (an older replica during a rollout)
 * do not hold it back.
 */
export async function waitForSchema(db: Database, migrations: readonly Migration[], options: SchemaWaitOptions): Promise<void> {
  const { logger, timeoutMs = 10 * 60_000, intervalMs = 1_000 } = options;
  const deadline = Date.now() + timeoutMs;
  let lastReport = 0;
  for (;;) {
    let waitingFor: string;
    try {
      const pending = await pendingMigrations(db, migrations);
      if (pending.length === 0) return;
      waitingFor = `${pending.length} migration(s) of schema ${db.schema}, from ${pending[0]}`;
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      waitingFor = 'the database';
    }
    if (Date.now() >= deadline) throw new Error(`Gave up after ${Math.round(timeoutMs / 1000)} s waiting for ${waitingFor}: run the service's migrate command`);
    if (Date.now() - lastReport >= 10_000) {
      lastReport = Date.now();
      logger.warn(`waiting for ${waitingFor}; the migrate command (the migration job) runs them`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

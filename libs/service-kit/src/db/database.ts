import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { TenantReadCache, type TenantReadCacheOptions } from '../cache/tenantReadCache.js';
import type { SharedEmbeddedDatabase } from './sharedEmbedded.js';

// COUNT(*) and bigint ids come back as strings by default; every count we keep fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number.parseInt(value, 10));

/**
 * The knex client of embedded PGlite, loaded when a service runs without a URL: PGlite is an
 * optional dependency, which the service images leave out (infra/images), so a process that was
 * given DATABASE_URL never loads it and one that needs it says what is missing.
 */
function embeddedClient(): typeof Knex.Client {
  try {
    return createRequire(import.meta.url)('knex-pglite') as typeof Knex.Client;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    throw new Error('No DATABASE_URL, and this installation has no embedded PostgreSQL (PGlite, an optional dependency): set DATABASE_URL');
  }
}

export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
}

export interface DatabaseOptions {
  /** The service's own schema; every unqualified table name resolves into it. */
  schema: string;
  migrations: Migration[];
  /** A PostgreSQL URL. Without one the service runs on embedded PGlite. */
  url?: string;
  /** PGlite data directory; without one PGlite keeps data in memory. */
  dataDir?: string;
  /** The process's one embedded database to use (in the schema) instead of a PGlite of the service's own. */
  shared?: SharedEmbeddedDatabase;
  pool?: { min: number; max: number };
  /** Limits of the read cache; `maxBytes: 0` turns it off (bench/api measures reads both ways). */
  readCache?: TenantReadCacheOptions;
}

export interface Database {
  knex: Knex;
  schema: string;
  embedded: boolean;
  /** The PostgreSQL URL; none when embedded. */
  url?: string;
  /**
   * Answers of this process's reads of the schema, kept per tenant until its data changes. Off
   * until the service follows the schema's changes (`followTenantChanges`); code that commits a
   * change calls `readCache.changed(tenantId)` after the commit.
   */
  readCache: TenantReadCache;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the service's database. PostgreSQL when a URL is given, embedded PGlite otherwise.
 * PGlite has exactly one connection: inside a transaction every query must use the
 * transaction object or it waits forever.
 */
export function createDatabase(options: DatabaseOptions): Database {
  const { schema } = options;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid schema name '${schema}'`);
  const embedded = !options.url;
  // PGlite creates its own directory but not the ones above it.
  if (embedded && !options.shared && options.dataDir) mkdirSync(path.dirname(path.resolve(options.dataDir)), { recursive: true });
  const knex = options.shared
    ? knexFactory({
        client: options.shared.clientFor(schema),
        dialect: 'postgres',
        connection: { pglite: options.shared.pglite } as Knex.StaticConnectionConfig,
        searchPath: [schema, 'public'],
      })
    : embedded
      ? knexFactory({
          client: embeddedClient(),
          dialect: 'postgres',
          connection: options.dataDir ? { filename: path.resolve(options.dataDir) } : {},
          searchPath: [schema, 'public'],
        })
      : knexFactory({
          client: 'pg',
          // Named after the schema, so pg_stat_activity says which service a connection serves.
          connection: { connectionString: options.url, application_name: schema },
          searchPath: [schema, 'public'],
          pool: options.pool ?? { min: 0, max: 10 },
        });

  const migrationSource: Knex.MigrationSource<Migration> = {
    getMigrations: async () => options.migrations,
    getMigrationName: (migration) => migration.name,
    getMigration: async (migration) => ({
      up: (k: Knex) => migration.up(k),
      down: (k: Knex) => (migration.down ? migration.down(k) : Promise.resolve()),
    }),
  };

  return {
    knex,
    schema,
    embedded,
    url: options.url,
    readCache: new TenantReadCache({ name: schema, ...options.readCache }),
    async migrate() {
      // Knex's migrator does not create the schema it keeps its own tables in.
      await knex.raw('CREATE SCHEMA IF NOT EXISTS ??', [schema]);
      await knex.migrate.latest({ migrationSource, schemaName: schema, tableName: 'knex_migrations', disableMigrationsListValidation: false });
    },
    async ping() {
      await knex.raw('select 1');
    },
    async close() {
      await knex.destroy();
    },
  };
}

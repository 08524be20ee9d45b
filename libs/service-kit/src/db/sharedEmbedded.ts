import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { Knex } from 'knex';
import ClientPgLite from 'knex-pglite';

/**
 * One embedded PostgreSQL for every service of a process (the all-in-one mode), each service
 * in its own schema as on a PostgreSQL server. One instance instead of one per service: a
 * fifth of the memory, and no instances initialising side by side on a loaded machine.
 *
 * PGlite has a single connection, so the services take turns on it: a service holds it for
 * one query, or for the whole of a transaction, and sets its schema's search path when it
 * takes it. A turn is waited for as long as it takes; the connection pool's acquire timeout
 * never applies, so a long migration of one service cannot fail another's start.
 */
export interface SharedEmbeddedDatabase {
  readonly pglite: PGlite;
  /** A knex client class for one schema on this instance (createDatabase's `shared` option). */
  clientFor(schema: string): typeof Knex.Client;
  close(): Promise<void>;
}

/** First come, first served; one holder at a time. */
class Turns {
  #last: Promise<void> = Promise.resolve();

  take(): Promise<() => void> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const before = this.#last;
    this.#last = before.then(() => mine);
    return before.then(() => release);
  }
}

type PgliteConnection = PGlite & { __knexUid?: string };

/**
 * A broker's books are megabytes, not gigabytes: PostgreSQL's default 128 MB of shared buffers
 * would keep the all-in-one process near a gigabyte for nothing (docs/architecture.md, run modes).
 */
const EMBEDDED_SETTINGS = ['shared_buffers = 16MB', 'work_mem = 4MB', 'maintenance_work_mem = 16MB', 'wal_buffers = 1MB'];

async function openPglite(dataDir: string | undefined): Promise<PGlite> {
  if (dataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) await initialiseInChildProcess(path.resolve(dataDir));
  const pglite = new PGlite(dataDir ? path.resolve(dataDir) : undefined, { postgresqlconf: EMBEDDED_SETTINGS });
  await pglite.waitReady;
  return pglite;
}

const runNode = promisify(execFile);

/**
 * Sets up a fresh folder (initdb) in a process of its own. Done in this one, it left some 80 MB
 * of native memory with the process for as long as it lived, even with that instance closed;
 * a process that exits gives everything back.
 */
async function initialiseInChildProcess(dataDir: string): Promise<void> {
  const pgliteUrl = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const script = [
    `const { PGlite } = await import(${JSON.stringify(pgliteUrl)});`,
    `const pglite = new PGlite(${JSON.stringify(dataDir)}, { postgresqlconf: ${JSON.stringify(EMBEDDED_SETTINGS)} });`,
    'await pglite.waitReady;',
    'await pglite.close();',
  ].join('\n');
  await runNode(process.execPath, ['--input-type=module', '--eval', script], { env: {}, maxBuffer: 1 << 20 });
}

export async function openSharedEmbeddedDatabase(dataDir: string | undefined): Promise<SharedEmbeddedDatabase> {
  // PGlite creates its own directory but not the ones above it.
  if (dataDir) mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const pglite = await openPglite(dataDir);
  const turns = new Turns();
  let endTurn: (() => void) | undefined;
  const Base = ClientPgLite as unknown as typeof Knex.Client;

  return {
    pglite,
    clientFor(schema) {
      const searchPath = `set search_path to "${schema}", "public"`;
      class SharedClient extends Base {
        override async acquireConnection(): Promise<PgliteConnection> {
          const release = await turns.take();
          try {
            const connection = (await super.acquireConnection()) as PgliteConnection;
            await connection.query(searchPath);
            endTurn = release;
            return connection;
          } catch (error) {
            release();
            throw error;
          }
        }

        override async releaseConnection(connection: PgliteConnection): Promise<void> {
          await super.releaseConnection(connection);
          const release = endTurn;
          endTurn = undefined;
          release?.();
        }

        /** The instance outlives each service's pool: it is closed once, by its owner. */
        override async destroyRawConnection(): Promise<void> {}
      }
      return SharedClient;
    },
    async close() {
      await pglite.close();
    },
  };
}

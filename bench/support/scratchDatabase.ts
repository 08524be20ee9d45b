import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function run(serverUrl: string, statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A database of the bench's own on the server `serverUrl` names (any database there), so its
 * backends' CPU (postgresCpu.ts) is the bench's alone and a shared server is left as it was.
 * `settings` are `ALTER DATABASE … SET` clauses ("log_min_duration_statement = 0").
 */
export async function createScratchDatabase(serverUrl: string, prefix: string, settings: string[] = []): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await run(serverUrl, [`CREATE DATABASE ${name}`, ...settings.map((setting) => `ALTER DATABASE ${name} SET ${setting}`)]);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => run(serverUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]) };
}

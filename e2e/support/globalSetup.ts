import pg from 'pg';
import { e2eDatabaseUrl } from './env.js';

/** Recreates the e2e database so every run starts from an empty product. */
export default async function globalSetup(): Promise<void> {
  const url = new URL(e2eDatabaseUrl);
  const database = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${database}"`);
  } finally {
    await admin.end();
  }
}

// Recreates the e2e database so every run starts from an empty product.
import pg from 'pg';

const url = new URL(process.env.DATABASE_URL);
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

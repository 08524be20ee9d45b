import { createDatabase, PROCESS_SETTINGS } from '@printpool/service-kit';
import { migrations } from '../db/migrations/index.js';
import { reconcile } from '../orders/reconcile.js';

/**
 * `npm run reconcile -w @printpool/svc-inventory [-- --fix]`: checks every tenant's PO line
 * remaining quantities and item levels against the ledger, its sales order tallies, and its
 * orders left without a bulk PO that an open one covers now, on the database at DATABASE_URL
 * (or the embedded one under DATA_DIR), and prints the drift; `--fix` repairs it (re-allocating
 * the tenants of waiting orders); exits 1 when drift remains.
 */
const fix = process.argv.includes('--fix');
const url = PROCESS_SETTINGS.optional(process.env, 'DATABASE_URL');
const db = createDatabase({
  schema: 'inventory',
  migrations,
  url,
  dataDir: url ? undefined : `${process.env.DATA_DIR ?? PROCESS_SETTINGS.defaultOf('DATA_DIR')}/inventory`,
});
try {
  await db.migrate();
  const result = await reconcile(db.knex, { fix });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  process.exitCode = result.drift.length > 0 && !fix ? 1 : 0;
} finally {
  await db.close();
}

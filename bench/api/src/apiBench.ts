import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createDatabase, createInProcessBus, createLogger, type Database, type ServiceModule } from '@printpool/service-kit';
import { gatewayModule } from '@printpool/svc-gateway';
import { inventoryService } from '@printpool/svc-inventory';
import { measureExport } from './csvExport.js';
import { measureOrderSaves, SAVE_BUDGET_MS } from './orderSaves.js';
import { customerName, seedTenant, STOCK_CUSTOMER } from './seed.js';
import { envCount } from '../../support/envCount.js';

/**
 * The API through the gateway with 100,000 sales orders stored (docs/architecture.md §7: list and
 * dashboard p95 ≤ 50 ms at 50 concurrent clients). The gateway and svc-inventory run in this
 * process as the all-in-one launcher composes them, on the PostgreSQL at DATABASE_URL in
 * schemas of their own (dropped afterwards, so a shared test server is left as it was); the
 * clients run in a child process and sign in through POST /api/dev-login like a browser.
 * Meanwhile WRITES_PER_S edits a second (default 10; 0 for none) reach the data past the service,
 * so the answers svc-inventory keeps in memory are dropped and computed again all along the run.
 */
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required: the budget is about PostgreSQL with 100,000 sales orders');
const ORDERS = envCount('SALES_ORDERS', 100_000);
const CLIENTS = envCount('CLIENTS', 50);
const DURATION_MS = envCount('DURATION_S', 15) * 1000;
const WRITES_PER_S = envCount('WRITES_PER_S', 10, 0);
const logger = createLogger('bench-api', 'silent');
const suffix = randomBytes(4).toString('hex');
const internalTokenSecret = randomBytes(32).toString('hex');

const server = createServer();
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const env = { DATABASE_URL: url, AUTH_DEV_LOGIN: 'true', PUBLIC_ORIGIN: origin, SIGN_IN_RATE_LIMIT: '1000' };
const bus = createInProcessBus({ logger });
const databases: Database[] = [];
const stops: (() => Promise<void>)[] = [];

/** startService's steps, with a bench schema instead of the service's own; `keepNothing` turns the read cache off. */
async function start(module: ServiceModule, keepNothing = false) {
  const db = createDatabase({
    schema: `bench_api_${module.schema}_${suffix}`,
    migrations: module.migrations,
    url,
    pool: { min: 2, max: 10 },
    ...(keepNothing ? { readCache: { maxBytes: 0 } } : {}),
  });
  databases.push(db);
  await db.migrate();
  const instance = await module.create({ db, bus, logger, internalTokenSecret, env });
  await instance.start?.();
  if (instance.stop) stops.push(instance.stop);
  return { db, instance };
}

try {
  const inventory = await start(inventoryService);
  // The gateway forwards to whichever inventory the phase runs: one keeping answers, then one computing every one.
  let inventoryApp = inventory.instance.app.callback();
  const gateway = await start(gatewayModule({ services: { inventory: (req, res) => inventoryApp(req, res) } }));
  server.on('request', gateway.instance.app.callback());

  const email = `bench-${suffix}@broker.test`;
  const login = await fetch(`${origin}/api/dev-login`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (login.status !== 200) throw new Error(`dev-login answered ${login.status}: ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { tenant_id: tenantId } = await gateway.db.knex('users').where({ email }).first('tenant_id');

  let t = Date.now();
  await seedTenant(inventory.db.knex, tenantId, ORDERS);
  // Another broker's rows in the same tables, so every query must find its tenant's share.
  await seedTenant(inventory.db.knex, `other-${suffix}`, ORDERS / 5);
  process.stdout.write(`seeded ${ORDERS} sales orders (+${ORDERS / 5} of another tenant) in ${((Date.now() - t) / 1000).toFixed(1)} s\n`);

  // The first pages exactly as the Sales Orders and Purchase Orders pages ask for them (10 rows),
  // a search of the 100,000 orders for one customer by the start of its name, and the dashboard's cards.
  const stockCustomerId = (
    await inventory.db
      .knex('customers')
      .where({ tenant_id: tenantId, qb_id: `c-${STOCK_CUSTOMER}` })
      .first('id')
  ).id as number;
  const searched = encodeURIComponent(customerName(1234).split(' ').slice(0, 2).join(' '));
  const endpoints = {
    'GET /api/sales-orders': '/api/sales-orders?limit=10&offset=0',
    'GET /api/sales-orders?search=': `/api/sales-orders?search=${searched}&limit=10&offset=0`,
    'GET /api/purchase-orders': '/api/purchase-orders?includeClosed=false&limit=10&offset=0',
    'GET /api/dashboard/stats': '/api/dashboard/stats',
    // The Bulk Purchase Order picker for an order of two items.
    'GET /api/purchase-orders/bulk/open?need=': '/api/purchase-orders/bulk/open?need=item-1%3A500%2Citem-2%3A500&limit=50&offset=0',
    // A customer's Stock tab: what they hold on their bulk POs, a year of releases, supply and run-out.
    'GET /api/customers/:id/inventory': `/api/customers/${stockCustomerId}/inventory`,
  };
  for (const path of Object.values(endpoints)) {
    const answer = await fetch(`${origin}${path}`, { headers: { cookie } });
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`);
    process.stdout.write(`${path}: ${answer.headers.get('x-total-count') ?? '-'} rows, ${(await answer.arrayBuffer()).byteLength} bytes\n`);
  }
  // The stock view is measured only on a customer who holds stock and uses it: an empty answer would flatter it.
  const stock = (await (await fetch(`${origin}${endpoints['GET /api/customers/:id/inventory']}`, { headers: { cookie } })).json()) as {
    items: { atVendor: number; averageMonthlyUsage: number | null }[];
  };
  if (!stock.items.some((item) => item.atVendor > 0 && item.averageMonthlyUsage))
    throw new Error(`the bench's customer holds no stock it uses: ${JSON.stringify(stock)}`);

  // The CSV export of every order, and of one status (a fifth of them): each row must arrive, and
  // the memory the export takes must not grow with the rows (the service streams them through a cursor).
  process.stdout.write('\n| CSV export | rows | listed | s | rows/s | MB received | peak RSS rise MB |\n|---|---|---|---|---|---|---|\n');
  for (const query of ['', 'status=active']) {
    const figures = await measureExport(origin, cookie, '/api/sales-orders', query);
    process.stdout.write(
      `| ${query || 'all'} | ${figures.rows} | ${figures.listed} | ${figures.seconds.toFixed(2)} | ${Math.round(figures.rows / figures.seconds)} | ${(figures.bytes / 2 ** 20).toFixed(1)} | ${figures.peakRiseMb.toFixed(1)} |\n`,
    );
    if (figures.rows !== figures.listed) throw new Error(`the export of '${query || 'all'}' has ${figures.rows} rows where the list counts ${figures.listed}`);
  }

  // Saves of one order on the company of 100,000: each must cost what it touches.
  const saves = await measureOrderSaves(origin, cookie, inventory.db.knex, tenantId, envCount('SAVES', 20));
  process.stdout.write(`\n| Sales Order save (budget p95 ≤ ${SAVE_BUDGET_MS} ms) | saves | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|\n`);
  for (const [kind, f] of Object.entries(saves)) process.stdout.write(`| ${kind} | ${f.saves} | ${f.p50} | ${f.p95} | ${f.max} |\n`);

  if (process.env.EXPLAIN) await explain(inventory.db, endpoints, cookie);
  const uncached = await start(inventoryService, true);
  const phases = [
    { name: "answers kept until the tenant's data changes", db: inventory.db, app: inventoryApp },
    { name: 'read cache off: every answer computed', db: uncached.db, app: uncached.instance.app.callback() },
  ];
  for (const phase of phases) {
    inventoryApp = phase.app;
    t = Date.now();
    const cpu = process.cpuUsage();
    const writer = startWriter(phase.db, tenantId);
    const report = await runClients({ baseUrl: origin, cookie, clients: CLIENTS, durationMs: DURATION_MS, endpoints });
    const { user, system } = process.cpuUsage(cpu);
    const written = await writer.stop();
    await checkFresh(written, cookie);
    const requests = Object.values(report).reduce((sum, r) => sum + r.requests, 0);
    process.stdout.write(
      `\n${phase.name}: ${CLIENTS} clients for ${((Date.now() - t) / 1000).toFixed(1)} s, ${written.count} writes beside them, load average ${loadavg()[0]!.toFixed(2)}\n`,
    );
    // CPU time per request of the process that answers: a figure that, unlike latency, barely moves with the machine's other load.
    process.stdout.write(
      `gateway + inventory CPU: ${((user + system) / 1000 / requests).toFixed(2)} ms per request (${((system / (user + system)) * 100).toFixed(0)}% in the kernel)\n`,
    );
    process.stdout.write('| endpoint | requests/s | p50 ms | p95 ms | p99 ms | errors |\n|---|---|---|---|---|---|\n');
    for (const [name, r] of Object.entries(report)) process.stdout.write(`| ${name} | ${r.perSecond} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} |\n`);
  }
} finally {
  server.closeAllConnections();
  server.close();
  for (const stop of stops.reverse()) await stop();
  for (const db of databases) {
    await db.knex.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [db.schema]);
    await db.close();
  }
  await bus.close();
}

/**
 * Another process's edits while the clients read: WRITES_PER_S times a second one of the ten
 * newest orders (on the first page) gets a new e-mail, through the database, so each edit reaches
 * the gateway's process only as PostgreSQL's change notification and every cached answer of the
 * tenant must be recomputed after it.
 */
function startWriter(db: Database, tenantId: string) {
  let count = 0;
  let last: { id: number; email: string } | undefined;
  let writing: Promise<void> | undefined;
  // A tick that finds the last edit still running is skipped: a backlog would run on after the clients stop.
  const tick = () => void (writing ??= write().finally(() => (writing = undefined)));
  const timer = WRITES_PER_S > 0 ? setInterval(tick, 1000 / WRITES_PER_S) : undefined;
  async function write() {
    const id = (await db.knex.raw('SELECT id FROM sales_orders WHERE tenant_id = ? ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ?', [tenantId, count % 10]))
      .rows[0].id as number;
    const email = `edit-${++count}@broker.test`;
    await db.knex('sales_orders').where({ tenant_id: tenantId, id }).update({ customer_email: email, updated_at: db.knex.fn.now() });
    last = { id, email };
  }
  return {
    async stop() {
      clearInterval(timer);
      await writing;
      return { count, last };
    },
  };
}

/** The first page must show the last edit: an answer kept past a change would fail the run. */
async function checkFresh(written: { last?: { id: number; email: string } }, cookie: string): Promise<void> {
  if (!written.last) return;
  const { id, email } = written.last;
  for (let attempt = 0; ; attempt++) {
    const page = (await (await fetch(`${origin}/api/sales-orders?limit=10&offset=0`, { headers: { cookie } })).json()) as {
      id: number;
      customerEmail: string;
    }[];
    if (page.find((order) => order.id === id)?.customerEmail === email) return;
    // The notification of the last edit may still be on its way; it is never this late.
    if (attempt === 20) throw new Error(`the first page still shows order ${id} without its last edit (${email}) after 1 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** EXPLAIN ANALYZE of every statement each endpoint runs (EXPLAIN=1), captured from one request of each. */
async function explain(db: Database, endpoints: Record<string, string>, cookie: string): Promise<void> {
  for (const [name, path] of Object.entries(endpoints)) {
    const statements: { sql: string; bindings: readonly unknown[] }[] = [];
    const capture = (query: { sql: string; bindings?: readonly unknown[] }) => statements.push({ sql: query.sql, bindings: query.bindings ?? [] });
    db.knex.on('query', capture);
    await (await fetch(`${origin}${path}`, { headers: { cookie } })).arrayBuffer();
    db.knex.off('query', capture);
    // The captured text has pg's $n placeholders, so it goes to a pooled connection as it is.
    const connection = await db.knex.client.acquireConnection();
    try {
      for (const { sql, bindings } of statements) {
        const { rows } = await connection.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, bindings);
        process.stdout.write(`-- ${name}\n${rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}\n`);
      }
    } finally {
      await db.knex.client.releaseConnection(connection);
    }
  }
}

/** Runs load.ts in a child process under the same loader (tsx) and answers its report. */
interface EndpointReport {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

function runClients(plan: object): Promise<Record<string, EndpointReport>> {
  const script = fileURLToPath(new URL('./load.ts', import.meta.url));
  const child = spawn(process.execPath, [...process.execArgv, script], {
    env: { ...process.env, LOAD_PLAN: JSON.stringify(plan) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as Record<string, EndpointReport>) : reject(new Error(`load clients exited with ${code}`)),
    ),
  );
}

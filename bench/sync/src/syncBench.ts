/**
 * Full-sync throughput: a QBO company in the sandbox, synced by svc-sync end to end (fetched →
 * mirrored → every event delivered on the bus → every event applied by svc-inventory, so its
 * pool, orders and catalog are consistent). docs/architecture.md §7: ≥ 5,000 entities/s, 70k in ≤ 30 s
 * on 2 cores.
 *
 * One run syncs two companies of the same scale, each into fresh schemas: a tidy one (the
 * sandbox's first companies: item and subtotal lines only) and a messy one, as real books are
 * (free-form addresses, sub-cent prices, bundles, discounts, tax, expense lines, jobs, sub-items,
 * a foreign currency; infra/qbo-sandbox/README.md). It prints wall time and CPU for each, per
 * entity, and messy / tidy: mess must not cost more per entity.
 *
 * The sandbox runs in a process of its own (sandboxProcess.ts): serving the data is Intuit's
 * work. PrintPool's CPU is this process's (svc-sync and svc-inventory share it) plus, on
 * PostgreSQL, that of the backends of a database the bench creates for the run
 * (bench/support/postgresCpu.ts); on the embedded default PostgreSQL runs inside this process. Before each
 * sync a bare client downloads the same pages (bareClient.ts), and on PostgreSQL downloads them
 * again storing each document once as its JSON (storeOnce.ts): the sync's CPU over that floor is
 * what keeping the data the product's way costs (budget ≤ 3, docs/architecture.md §7).
 *
 *   npm run bench:sync -w @printpool/bench            # embedded PGlite
 *   DATABASE_URL=postgres://… npm run bench:sync -w @printpool/bench
 *   BENCH_SCALE=350 (default)   BENCH_ORDER=tidy,messy (default)
 *   BENCH_LOG_SQL=1: PostgreSQL logs each statement of the run with its duration
 *   BENCH_EXPLAIN=<ms>: PostgreSQL logs the plan of each statement slower than that (auto_explain)
 *   BENCH_KEEP_DATABASE=1: the run's database is kept, not dropped, and its name printed
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, createInProcessBus, createLogger, INTERNAL_TOKEN_HEADER, signInternalToken, type EventEnvelope } from '@printpool/service-kit';
import { openSharedEmbeddedDatabase } from '@printpool/service-kit/embedded';
import { CONSUMERS, inventoryService } from '@printpool/svc-inventory';
import { createSyncService, syncService } from '@printpool/svc-sync';
import { envCount } from '../../support/envCount.js';
import { downloadEverything } from './bareClient.js';
import { storeOnceSink } from './storeOnce.js';
import { PostgresCpu } from '../../support/postgresCpu.js';
import { createScratchDatabase } from '../../support/scratchDatabase.js';
import type { SandboxReady, SandboxSpec } from './sandboxProcess.js';

const scale = envCount('BENCH_SCALE', 350);
const order = (process.env.BENCH_ORDER ?? 'tidy,messy').split(',').map((kind) => kind.trim());
if (order.some((kind) => kind !== 'tidy' && kind !== 'messy')) throw new Error(`BENCH_ORDER lists tidy and messy, not "${process.env.BENCH_ORDER}"`);
const serverUrl = process.env.DATABASE_URL || undefined;
const pageConcurrency = 8;
const logger = createLogger('bench-sync', process.env.LOG_LEVEL ?? 'warn');
const clientId = 'ABbenchClient';
const clientSecret = randomBytes(16).toString('hex');
const internalSecret = randomBytes(16).toString('hex');

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const count = async (knex: ReturnType<typeof createDatabase>['knex'], table: string) =>
  Number(((await knex(table).count('* as n').first()) as { n: number | string }).n);

interface Figures {
  company: 'tidy' | 'messy';
  entities: number;
  counts: Record<string, number>;
  synced: number;
  mirrored: number;
  delivered: number;
  inventory: Record<string, number>;
  syncSeconds: number;
  seconds: number;
  bareClientCpuSeconds: number;
  /** Receiving plus storing each document once (storeOnce.ts), Node and PostgreSQL, over the bare client: the floor of CPU / bare on PostgreSQL. */
  storeOnceOverBareClient: number | null;
  /** The sync's CPU over the store-once floor's, both measured in this run (budget ≤ 3); PostgreSQL only. */
  cpuOverStoreOnce: number | null;
  nodeCpuSeconds: number;
  postgresCpuSeconds: number | null;
  cpuSeconds: number;
  cpuOverBareClient: number;
  cpuMsPerEntity: number;
  entitiesPerSecond: number;
  peakRssMb: number;
  peakRssKbPerEntity: number;
}

/** A database of the bench's own, so its backends' CPU is the sync's alone. */
async function ownDatabase(): Promise<{ url: string | undefined; name: string | undefined; drop(): Promise<void> }> {
  if (!serverUrl) return { url: undefined, name: undefined, drop: async () => {} };
  return createScratchDatabase(serverUrl, 'bench_sync', [
    // Every statement of the run, with its duration, in PostgreSQL's log: where its time goes.
    ...(process.env.BENCH_LOG_SQL ? ['log_min_duration_statement = 0'] : []),
    ...(process.env.BENCH_EXPLAIN ? ["session_preload_libraries = 'auto_explain'", `auto_explain.log_min_duration = ${envCount('BENCH_EXPLAIN', 100)}`] : []),
  ]);
}

async function startSandbox(spec: SandboxSpec) {
  const child = fork(new URL('./sandboxProcess.ts', import.meta.url), [JSON.stringify(spec)], {
    execArgv: ['--import', 'tsx', '--conditions=@printpool/source'],
  });
  // A bench that fails must not leave the sandbox serving.
  process.once('exit', () => child.kill());
  const [ready] = (await once(child, 'message')) as [SandboxReady];
  return { ...ready, stop: () => child.kill() };
}

/** CPU seconds (this process and the database's backends) of downloading everything again and storing each document once. */
async function storeOnceCpu(databaseUrl: string, databaseName: string, sandboxUrl: string, realmId: string, accessToken: string): Promise<number> {
  const store = await storeOnceSink(databaseUrl, pageConcurrency);
  const postgresCpu = new PostgresCpu(databaseName);
  postgresCpu.start();
  const before = process.cpuUsage();
  await downloadEverything(sandboxUrl, realmId, accessToken, pageConcurrency, store.sink);
  const node = process.cpuUsage(before);
  const seconds = (node.user + node.system) / 1e6 + postgresCpu.stop();
  await store.close();
  return seconds;
}

/** Generates one company, connects a fresh tenant to it and syncs it fully, timed until svc-inventory is consistent. */
async function benchCompany(kind: 'tidy' | 'messy'): Promise<Figures> {
  const tenantId = `bench-${kind}`;
  const syncServer = createServer();
  const syncUrl = await listen(syncServer);
  const redirectUri = `${syncUrl}/api/quickbooks/callback`;

  let started = Date.now();
  const adminToken = randomBytes(16).toString('hex');
  const company = await startSandbox({ kind, scale, clientId, clientSecret, redirectUri, adminToken });
  const sandboxUrl = company.url;
  const entities = Object.values(company.counts).reduce((sum, n) => sum + n, 0);
  console.log(`${kind}: ${entities} entities ${JSON.stringify(company.counts)} generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const bareTokens = await fetch(`${sandboxUrl}/admin/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ clientId, realmId: company.realmId }),
  });
  const { access_token: accessToken } = (await bareTokens.json()) as { access_token: string };
  const bareBefore = process.cpuUsage();
  const received = await downloadEverything(sandboxUrl, company.realmId, accessToken, pageConcurrency);
  const bare = process.cpuUsage(bareBefore);
  const bareClientCpuSeconds = (bare.user + bare.system) / 1e6;
  if (received !== entities) throw new Error(`The bare client received ${received} of ${entities} entities`);

  const database = await ownDatabase();
  const databaseUrl = database.url;
  const storeOnceCpuSeconds = databaseUrl ? await storeOnceCpu(databaseUrl, database.name!, sandboxUrl, company.realmId, accessToken) : null;
  const storeOnceOverBareClient = storeOnceCpuSeconds === null ? null : storeOnceCpuSeconds / bareClientCpuSeconds;
  const schema = `bench_sync_${kind}_${randomBytes(4).toString('hex')}`;
  // Without a server, the services share one PGlite on disk, as `npm start` runs them (infra/launch/src/embeddedDatabase.ts).
  const embeddedDir = databaseUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'bench-sync-pglite-'));
  const shared = embeddedDir ? await openSharedEmbeddedDatabase(path.join(embeddedDir, 'pglite')) : undefined;
  const db = createDatabase({ schema, migrations: syncService.migrations, url: databaseUrl, shared });
  await db.migrate();
  const bus = createInProcessBus({ logger });
  const inventoryDb = createDatabase({ schema: `${schema}_inventory`, migrations: inventoryService.migrations, url: databaseUrl, shared });
  await inventoryDb.migrate();
  const inventory = await inventoryService.create({ db: inventoryDb, bus, logger, internalTokenSecret: internalSecret, env: {} });
  await inventory.start?.();
  const inventorySubjects = new Set<string>(CONSUMERS.flatMap(({ subjects }) => subjects));
  let forInventory = 0;
  let delivered = 0;
  let completedAt = 0;
  await bus.subscribe({
    consumer: 'bench',
    subjects: ['accounting.>'],
    handler: async (event: EventEnvelope) => {
      const data = event.data as Record<string, unknown>;
      for (const value of Object.values(data)) if (Array.isArray(value) && event.type.endsWith('.upserted')) delivered += value.length;
      if (inventorySubjects.has(event.type)) forInventory++;
      if (event.type === 'accounting.sync.completed') completedAt = Date.now();
    },
  });
  const service = createSyncService({
    db,
    bus,
    logger,
    internalTokenSecret: internalSecret,
    env: {
      QBO_CLIENT_ID: clientId,
      QBO_CLIENT_SECRET: clientSecret,
      QBO_REDIRECT_URI: redirectUri,
      QBO_BASE_URL: sandboxUrl,
      QBO_TOKEN_KEY: randomBytes(32).toString('hex'),
      SYNC_PAGE_CONCURRENCY: String(pageConcurrency),
    },
  });
  syncServer.on('request', service.app.callback());

  const headers = { [INTERNAL_TOKEN_HEADER]: await signInternalToken({ tenantId, userId: 'bench', role: 'owner' }, internalSecret, { ttlSeconds: 600 }) };

  // Connect the way a broker does: auth-url → the sandbox's consent form → callback.
  const { authUrl } = (await (await fetch(`${syncUrl}/api/quickbooks/auth-url`, { headers })).json()) as { authUrl: string };
  const consent = new URL(authUrl).searchParams;
  const approve = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: consent.get('scope')!,
    state: consent.get('state')!,
    realmId: company.realmId,
    decision: 'approve',
  });
  const approved = await fetch(`${sandboxUrl}/connect/oauth2/approve`, { method: 'POST', body: approve, redirect: 'manual' });
  const callback = await fetch(approved.headers.get('location')!, { redirect: 'manual' });
  if (callback.headers.get('location') !== '/dashboard?qbo=connected') throw new Error('Could not connect the bench tenant');

  const postgresCpu = database.name ? new PostgresCpu(database.name) : undefined;
  postgresCpu?.start();
  let peakRss = process.memoryUsage.rss();
  const rssSampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 100);
  const cpuBefore = process.cpuUsage();
  started = Date.now();
  const response = await fetch(`${syncUrl}/api/quickbooks/sync?mode=full&wait=true`, { method: 'POST', headers });
  const run = (await response.json()) as { status: string; progress: { done: number }; error: string | null };
  if (run.status !== 'completed') throw new Error(`Sync ${run.status}: ${run.error}`);
  while (!completedAt) await new Promise((resolve) => setTimeout(resolve, 10));
  const syncSeconds = (completedAt - started) / 1000;
  // Consistent once svc-inventory has applied (inbox) every accounting event it consumes.
  while ((await count(inventoryDb.knex, 'inbox')) < forInventory) await new Promise((resolve) => setTimeout(resolve, 20));
  const seconds = (Date.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const postgresCpuSeconds = postgresCpu?.stop() ?? null;
  clearInterval(rssSampler);
  const nodeCpuSeconds = (cpu.user + cpu.system) / 1e6;
  const cpuSeconds = nodeCpuSeconds + (postgresCpuSeconds ?? 0);
  const inventoryCounts = Object.fromEntries(
    await Promise.all(['customers', 'vendors', 'items', 'purchase_orders', 'sales_orders'].map(async (table) => [table, await count(inventoryDb.knex, table)])),
  );
  const mirrored = await count(db.knex, 'qbo_documents');

  syncServer.closeAllConnections();
  syncServer.close();
  await service.stop?.();
  await inventory.stop?.();
  company.stop();
  await bus.close();
  await db.close();
  await inventoryDb.close();
  await shared?.close();
  if (embeddedDir) rmSync(embeddedDir, { recursive: true, force: true });
  // Kept, to read what the run wrote (row counts and sizes by table and event type).
  if (process.env.BENCH_KEEP_DATABASE && database.name) console.log(`kept database ${database.name}, schemas ${schema} and ${schema}_inventory`);
  else await database.drop();

  return {
    company: kind,
    entities,
    counts: company.counts,
    synced: run.progress.done,
    mirrored,
    delivered,
    inventory: inventoryCounts,
    syncSeconds: Number(syncSeconds.toFixed(2)),
    seconds: Number(seconds.toFixed(2)),
    bareClientCpuSeconds: Number(bareClientCpuSeconds.toFixed(2)),
    storeOnceOverBareClient: storeOnceOverBareClient === null ? null : Number(storeOnceOverBareClient.toFixed(2)),
    nodeCpuSeconds: Number(nodeCpuSeconds.toFixed(2)),
    postgresCpuSeconds: postgresCpuSeconds === null ? null : Number(postgresCpuSeconds.toFixed(2)),
    cpuSeconds: Number(cpuSeconds.toFixed(2)),
    cpuOverBareClient: Number((cpuSeconds / bareClientCpuSeconds).toFixed(2)),
    cpuOverStoreOnce: storeOnceCpuSeconds === null ? null : Number((cpuSeconds / storeOnceCpuSeconds).toFixed(2)),
    cpuMsPerEntity: Number(((cpuSeconds * 1000) / entities).toFixed(3)),
    entitiesPerSecond: Math.round(entities / seconds),
    peakRssMb: Math.round(peakRss / 2 ** 20),
    peakRssKbPerEntity: Number((peakRss / 1024 / entities).toFixed(2)),
  };
}

const figures: Figures[] = [];
for (const kind of order as ('tidy' | 'messy')[]) figures.push(await benchCompany(kind));
const of = (kind: string) => figures.find((each) => each.company === kind);
const tidy = of('tidy');
const messy = of('messy');
const ratio = (pick: (each: Figures) => number) => (tidy && messy ? Number((pick(messy) / pick(tidy)).toFixed(2)) : null);

console.log(
  JSON.stringify(
    {
      database: serverUrl ? 'postgres' : 'pglite',
      cpus: cpus().length,
      scale,
      order,
      companies: figures,
      messyOverTidy: { cpuMsPerEntity: ratio((each) => each.cpuMsPerEntity), secondsPerEntity: ratio((each) => each.seconds / each.entities) },
      budget: { cpuOverStoreOnce: 3, entitiesPerSecond: serverUrl ? 5000 : 2000, ...(serverUrl ? { secondsAt70k: 15 } : {}) },
    },
    null,
    2,
  ),
);
const column = (value: number | string | null, width: number) => String(value ?? '—').padStart(width);
console.log(
  '\ncompany  entities  wall s  bare CPU s  node CPU s  pg CPU s  CPU / bare  store once / bare  CPU / store once  CPU ms/entity  entities/s  peak RSS MB',
);
for (const each of figures) {
  console.log(
    [
      each.company.padEnd(7),
      column(each.entities, 8),
      column(each.seconds.toFixed(2), 6),
      column(each.bareClientCpuSeconds.toFixed(2), 10),
      column(each.nodeCpuSeconds.toFixed(2), 10),
      column(each.postgresCpuSeconds?.toFixed(2) ?? null, 8),
      column(each.cpuOverBareClient.toFixed(2), 10),
      column(each.storeOnceOverBareClient?.toFixed(2) ?? null, 17),
      column(each.cpuOverStoreOnce?.toFixed(2) ?? null, 15),
      column(each.cpuMsPerEntity.toFixed(3), 13),
      column(each.entitiesPerSecond, 10),
      column(each.peakRssMb, 11),
    ].join('  '),
  );
}
console.log(`budget: CPU / store once ≤ 3 (PostgreSQL), entities/s ≥ ${serverUrl ? '5,000 (and 70k consistent in ≤ 15 s)' : '2,000'}`);
if (tidy && messy)
  console.log(`messy / tidy: CPU per entity ${ratio((each) => each.cpuMsPerEntity)}, wall time per entity ${ratio((each) => each.seconds / each.entities)}`);

/**
 * Full-sync throughput: a QBO company in the sandbox, synced by svc-sync end to end (fetched →
 * mirrored → every event delivered on the bus → every event applied by svc-inventory, so its
 * pool, orders and catalog are consistent). Architecture §9: ≥ 5,000 entities/s, 70k in ≤ 30 s
 * on 2 cores.
 *
 * One run syncs two companies of the same scale, each into fresh schemas: a tidy one (the
 * sandbox's first companies: item and subtotal lines only) and a messy one, as real books are
 * (free-form addresses, sub-cent prices, bundles, discounts, tax, expense lines, jobs, sub-items,
 * a foreign currency; infra/qbo-sandbox/README.md). It prints wall time and the process's CPU
 * time for each, per entity, and messy / tidy: mess must not cost more per entity (issue 11).
 * The CPU is this process's (sandbox, svc-sync and svc-inventory share it), not PostgreSQL's.
 *
 *   npm run bench:sync -w @printpool/bench            # embedded PGlite
 *   DATABASE_URL=postgres://… npm run bench:sync -w @printpool/bench
 *   BENCH_SCALE=350 (default)   BENCH_ORDER=tidy,messy (default)
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import { createQboSandbox } from '@printpool/qbo-sandbox';
import { createDatabase, createInProcessBus, createLogger, INTERNAL_TOKEN_HEADER, signInternalToken, type EventEnvelope } from '@printpool/service-kit';
import { CONSUMERS, inventoryService } from '@printpool/svc-inventory';
import { createSyncService, syncService } from '@printpool/svc-sync';
import { envCount } from '../../support/envCount.js';

const scale = envCount('BENCH_SCALE', 350);
const order = (process.env.BENCH_ORDER ?? 'tidy,messy').split(',').map((kind) => kind.trim());
if (order.some((kind) => kind !== 'tidy' && kind !== 'messy')) throw new Error(`BENCH_ORDER lists tidy and messy, not "${process.env.BENCH_ORDER}"`);
const databaseUrl = process.env.DATABASE_URL || undefined;
const logger = createLogger('bench-sync', process.env.LOG_LEVEL ?? 'warn');
const clientId = 'ABbenchClient';
const clientSecret = randomBytes(16).toString('hex');
const internalSecret = randomBytes(16).toString('hex');

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const count = async (knex: ReturnType<typeof createDatabase>['knex'], table: string) => Number(((await knex(table).count('* as n').first()) as { n: number | string }).n);

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
  cpuSeconds: number;
  cpuMsPerEntity: number;
  entitiesPerSecond: number;
}

/** Generates one company, connects a fresh tenant to it and syncs it fully, timed until svc-inventory is consistent. */
async function benchCompany(kind: 'tidy' | 'messy'): Promise<Figures> {
  const tenantId = `bench-${kind}`;
  const sandboxServer = createServer();
  const syncServer = createServer();
  const sandboxUrl = await listen(sandboxServer);
  const syncUrl = await listen(syncServer);
  const redirectUri = `${syncUrl}/api/quickbooks/callback`;

  let started = Date.now();
  const sandbox = createQboSandbox({
    baseUrl: sandboxUrl,
    clients: [{ clientId, clientSecret, redirectUris: [redirectUri] }],
    companies: [{ seed: 1, scale, companyName: `Bench Print Brokers (${kind})`, messy: kind === 'messy' }],
    adminToken: randomBytes(16).toString('hex'),
    logger: createLogger('qbo-sandbox', 'warn'),
  });
  sandboxServer.on('request', sandbox.app.callback());
  const company = sandbox.admin.companies()[0]!;
  const entities = Object.values(company.counts).reduce((sum, n) => sum + n, 0);
  console.log(`${kind}: ${entities} entities ${JSON.stringify(company.counts)} generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const schema = `bench_sync_${kind}_${randomBytes(4).toString('hex')}`;
  const db = createDatabase({ schema, migrations: syncService.migrations, url: databaseUrl });
  await db.migrate();
  const bus = createInProcessBus({ logger });
  const inventoryDb = createDatabase({ schema: `${schema}_inventory`, migrations: inventoryService.migrations, url: databaseUrl });
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
    env: { QBO_CLIENT_ID: clientId, QBO_CLIENT_SECRET: clientSecret, QBO_REDIRECT_URI: redirectUri, QBO_BASE_URL: sandboxUrl, QBO_TOKEN_KEY: randomBytes(32).toString('hex') },
  });
  syncServer.on('request', service.app.callback());

  const headers = { [INTERNAL_TOKEN_HEADER]: signInternalToken({ tenantId, userId: 'bench' }, internalSecret, { ttlSeconds: 600 }) };

  // Connect the way a broker does: auth-url → the sandbox's consent form → callback.
  const { authUrl } = (await (await fetch(`${syncUrl}/api/quickbooks/auth-url`, { headers })).json()) as { authUrl: string };
  const consent = new URL(authUrl).searchParams;
  const approve = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, scope: consent.get('scope')!, state: consent.get('state')!, realmId: company.realmId, decision: 'approve' });
  const approved = await fetch(`${sandboxUrl}/connect/oauth2/approve`, { method: 'POST', body: approve, redirect: 'manual' });
  const callback = await fetch(approved.headers.get('location')!, { redirect: 'manual' });
  if (callback.headers.get('location') !== '/dashboard?qbo=connected') throw new Error('Could not connect the bench tenant');

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
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const inventoryCounts = Object.fromEntries(
    await Promise.all(['customers', 'vendors', 'items', 'purchase_orders', 'sales_orders'].map(async (table) => [table, await count(inventoryDb.knex, table)])),
  );
  const mirrored = await count(db.knex, 'qbo_documents');

  syncServer.closeAllConnections();
  sandboxServer.closeAllConnections();
  syncServer.close();
  sandboxServer.close();
  await service.stop?.();
  await inventory.stop?.();
  await sandbox.close();
  await bus.close();
  if (databaseUrl) {
    await db.knex.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
    await inventoryDb.knex.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [`${schema}_inventory`]);
  }
  await db.close();
  await inventoryDb.close();

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
    cpuSeconds: Number(cpuSeconds.toFixed(2)),
    cpuMsPerEntity: Number(((cpuSeconds * 1000) / entities).toFixed(3)),
    entitiesPerSecond: Math.round(entities / seconds),
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
      database: databaseUrl ? 'postgres' : 'pglite',
      cpus: cpus().length,
      scale,
      order,
      companies: figures,
      messyOverTidy: { cpuMsPerEntity: ratio((each) => each.cpuMsPerEntity), secondsPerEntity: ratio((each) => each.seconds / each.entities) },
      target: { entitiesPerSecond: 5000, seconds: 30 },
    },
    null,
    2,
  ),
);
console.log('\ncompany  entities  wall s  CPU s  CPU ms/entity  entities/s');
for (const each of figures) {
  console.log(
    `${each.company.padEnd(7)}  ${String(each.entities).padStart(8)}  ${each.seconds.toFixed(2).padStart(6)}  ${each.cpuSeconds.toFixed(2).padStart(5)}  ${each.cpuMsPerEntity.toFixed(3).padStart(13)}  ${String(each.entitiesPerSecond).padStart(10)}`,
  );
}
if (tidy && messy) console.log(`messy / tidy: CPU per entity ${ratio((each) => each.cpuMsPerEntity)}, wall time per entity ${ratio((each) => each.seconds / each.entities)}`);

/**
 * Many brokers on one deployment: the distributed mode (REPLICAS processes of each service and
 * of the gateway, on PostgreSQL and NATS JetStream) as `npm run start:distributed` runs it on a
 * built tree, with COMPANIES sandbox companies connected, each by a broker of its own (dev-login,
 * the OAuth consent flow, a first sync). Then:
 *
 * 1. CALM_S of QuickBooks changes alone (CHANGES_PER_MIN across the companies, each announced by
 *    webhook): change → visible and the CPU one change costs, with nothing else running;
 * 2. DURATION_S of the same change stream while READERS readers and EDITORS editors work in
 *    ACTIVE_COMPANIES companies and one more company (BIG_ENTITIES) is connected and runs its
 *    first full sync from the start of the window.
 *
 * It prints change → visible p50/p95/max (during the big sync, per company, in all), edit save
 * and list p95, CPU per change (the launcher's process tree, less the sandbox, plus the
 * database's PostgreSQL backends, from /proc), RSS of the product's processes as companies are
 * added, and QuickBooks requests per company per hour, each beside its budget (report.ts).
 *
 *   npm run build && DATABASE_URL=postgres://…/postgres NATS_URL=nats://… npm run bench:tenants -w @printpool/bench
 *   A small run: COMPANIES=20 BIG_ENTITIES=5000 DURATION_S=60 CALM_S=20
 *
 * DATABASE_URL names a server (any database on it): the bench creates a database of its own
 * there and drops it. NATS_URL should be a server of the bench's own: the product's durable
 * consumers are named as every run names them.
 */
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { SYNC_SETTINGS } from '@printpool/svc-sync';
import { envCount } from '../../support/envCount.js';
import { PostgresCpu } from '../../support/postgresCpu.js';
import { createScratchDatabase } from '../../support/scratchDatabase.js';
import { runBigSync, type BigSyncFigures } from './bigSync.js';
import { ChangeStream, type ChangeStreamOptions } from './changeStream.js';
import { concurrently } from './concurrently.js';
import { connectCompany, firstSync, type ConnectedCompany } from './connectCompany.js';
import { DatabaseWaits } from './databaseWaits.js';
import { InventoryStanding } from './inventoryStanding.js';
import { DistributedLauncher } from './distributedLauncher.js';
import { ProcessTree } from './processTree.js';
import { qboRequestsByTenant, requestsBetween } from './qboRequests.js';
import { pollsAlone } from './pollCost.js';
import { duringBigSync, printReport, type Figures } from './report.js';
import { SandboxAdmin } from './sandboxAdmin.js';
import { traceStages } from './stageTrace.js';
import { companyTargets, type CompanyTargets } from './targets.js';
import { runUserLoad } from './userLoad.js';

const serverUrl = process.env.DATABASE_URL;
const natsUrl = process.env.NATS_URL;
if (!serverUrl || !natsUrl) throw new Error('DATABASE_URL (a PostgreSQL server) and NATS_URL (a NATS JetStream server of the bench’s own) are required');
const COMPANIES = envCount('COMPANIES', 200, 3);
/** A sandbox company of scale 1 holds about 200 entities (infra/qbo-sandbox/README.md). */
const COMPANY_ENTITIES = envCount('COMPANY_ENTITIES', 200);
const BIG_ENTITIES = envCount('BIG_ENTITIES', 70_000);
const DURATION_S = envCount('DURATION_S', 300);
const CALM_S = envCount('CALM_S', 60);
const READERS = envCount('READERS', 50, 0);
const EDITORS = envCount('EDITORS', 10, 0);
const ACTIVE_COMPANIES = envCount('ACTIVE_COMPANIES', 20);
const READ_THINK_MS = envCount('READ_THINK_MS', 1000, 0);
const EDIT_THINK_MS = envCount('EDIT_THINK_MS', 3000, 0);
const REPLICAS = envCount('REPLICAS', 2);
const PORT = envCount('PORT', 7300);
const SERVICE_BASE_PORT = envCount('SERVICE_BASE_PORT', 7400);
const CONNECT_CONCURRENCY = envCount('CONNECT_CONCURRENCY', 4);
const CATCH_UP_SAMPLE = envCount('CATCH_UP_SAMPLE', 5);
/** Seconds of the product idle, and of the bench's polls alone (POLLERS at a time), before the changes. */
const IDLE_S = envCount('IDLE_S', 10);
const POLLERS = envCount('POLLERS', 5);
const CATCH_UP_MINUTES = Number(process.env.QBO_CATCH_UP_MINUTES || SYNC_SETTINGS[0].defaultOf('QBO_CATCH_UP_MINUTES'));
const stream: ChangeStreamOptions = {
  perMinute: envCount('CHANGES_PER_MIN', 200),
  pollMs: envCount('POLL_MS', 100),
  timeoutMs: envCount('VISIBLE_TIMEOUT_S', 60) * 1000,
  flush: envCount('FLUSH_WEBHOOKS', 1, 0) > 0,
};
const smallCount = COMPANIES - 1;
const uptime = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`;
const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

const database = await createScratchDatabase(serverUrl, 'printpool_tenants');
const launcher = new DistributedLauncher({
  databaseUrl: database.url,
  natsUrl,
  port: PORT,
  serviceBasePort: SERVICE_BASE_PORT,
  replicas: REPLICAS,
  sandboxScale: 0.05,
  extraEnv: { QBO_CATCH_UP_MINUTES: String(CATCH_UP_MINUTES), LOG_LEVEL: process.env.LOG_LEVEL },
});

/** Connects companies `from`..`to` - 1, each a new broker's, and syncs each once. */
async function connectSmall(sandbox: SandboxAdmin, from: number, to: number): Promise<ConnectedCompany[]> {
  const indexes = Array.from({ length: to - from }, (_, i) => from + i);
  return concurrently(indexes, CONNECT_CONCURRENCY, async (index) => {
    const company = await sandbox.createCompany(100 + index, COMPANY_ENTITIES / 200, `Tenant ${index} Print Brokers`);
    const connected = await connectCompany(launcher.origin, sandbox.url, `tenant-${index}-${database.name}@broker.test`, company);
    await firstSync(connected);
    return connected;
  });
}

/** The product's RSS once it has had a moment to settle after connecting. */
async function settledRss(tree: ProcessTree, companies: number): Promise<{ companies: number; mb: number }> {
  await sleep(10_000);
  return { companies, mb: tree.rssMb() };
}

/** Each company's PrintPool tenant, by realm, from svc-sync's connections. */
async function tenantsByRealm(): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ realm_id: string; tenant_id: string }>('SELECT realm_id, tenant_id FROM sync.qbo_connections');
    return new Map(rows.map((row) => [row.realm_id, row.tenant_id]));
  } finally {
    await client.end();
  }
}

/**
 * Runs `work` with the product's CPU (processes and PostgreSQL backends) counted: answers its
 * result, the CPU seconds, the wall seconds, and the CPU by part, the bench's own process
 * (its clients and polls, on the same cores) among them.
 */
async function measured<T>(tree: ProcessTree, work: () => Promise<T>): Promise<{ result: T; cpuSeconds: number; seconds: number; cpuByPart: string }> {
  const postgres = new PostgresCpu(database.name);
  const started = Date.now();
  const bench = process.cpuUsage();
  tree.startCpu();
  postgres.start();
  const result = await work();
  const product = tree.stopCpu();
  const postgresSeconds = postgres.stop();
  const { user, system } = process.cpuUsage(bench);
  const parts = [...product.byPart, ['PostgreSQL', postgresSeconds] as const, ['the bench itself', (user + system) / 1e6] as const];
  const cpuByPart = parts.map(([part, seconds]) => `${part} ${seconds.toFixed(1)} s`).join(', ');
  return { result, cpuSeconds: product.seconds + postgresSeconds, seconds: (Date.now() - started) / 1000, cpuByPart };
}

/** Requests an incremental sync — what the scheduled catch-up runs (svc-sync/src/sync/catchUp.ts) — costs a company, from a few of them. */
async function catchUpCost(companies: ConnectedCompany[], tenants: Map<string, string>): Promise<number> {
  const sample = companies.slice(0, CATCH_UP_SAMPLE);
  const before = await qboRequestsByTenant(SERVICE_BASE_PORT, REPLICAS);
  for (const company of sample) await company.broker.call('post /api/quickbooks/sync', { query: { mode: 'incremental', wait: 'true' } });
  const spent = requestsBetween(before, await qboRequestsByTenant(SERVICE_BASE_PORT, REPLICAS));
  return sample.reduce((sum, company) => sum + (spent.get(tenants.get(company.company.realmId)!) ?? 0), 0) / sample.length;
}

try {
  const loadBefore = uptime();
  log(`${loadBefore}; starting the distributed mode (REPLICAS=${REPLICAS}) on database ${database.name}`);
  await launcher.start();
  const sandbox = new SandboxAdmin(launcher.sandboxUrl, launcher.adminToken);
  const tree = new ProcessTree(launcher.pid, 'qbo-sandbox');

  const firstBatch = Math.max(1, Math.floor(smallCount / 4));
  let started = Date.now();
  const companies = await connectSmall(sandbox, 0, firstBatch);
  const rss = [await settledRss(tree, firstBatch)];
  companies.push(...(await connectSmall(sandbox, firstBatch, smallCount)));
  rss.push(await settledRss(tree, smallCount));
  log(
    `${smallCount} companies of ${COMPANY_ENTITIES} entities connected and synced in ${((Date.now() - started) / 1000).toFixed(0)} s; RSS ${rss.map((p) => `${p.mb.toFixed(0)} MB at ${p.companies}`).join(', ')}`,
  );

  const targets: CompanyTargets[] = await concurrently(companies, CONNECT_CONCURRENCY, (company) => companyTargets(company, sandbox));
  const changing = targets.map((each) => each.changes).filter((each) => each.length > 0);
  const active = companies.slice(0, ACTIVE_COMPANIES).map((company, i) => ({ broker: company.broker, editable: targets[i]!.editable }));
  log(
    `${changing.reduce((sum, each) => sum + each.length, 0)} documents to change in ${changing.length} companies; ${active.reduce((sum, each) => sum + each.editable.length, 0)} orders to edit in ${active.length}`,
  );

  started = Date.now();
  const big = await sandbox.createCompany(7, BIG_ENTITIES / 200, 'Big Print Brokers');
  const bigEntities = Object.values(big.counts).reduce((sum, n) => sum + n, 0);
  log(`big company: ${bigEntities} entities generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  log("the product idle, then the bench's polls alone: what to take off the changes' CPU");
  const idle = await measured(tree, () => sleep(IDLE_S * 1000));
  const backgroundPerSecond = idle.cpuSeconds / idle.seconds;
  const pollTarget = changing.flat().find((target) => target.kind === 'estimate')!;
  let polled = 0;
  const polling = await measured(tree, async () => {
    polled = await pollsAlone(pollTarget.company.broker, pollTarget.orderId, POLLERS, stream.pollMs, IDLE_S);
  });
  const cpuPerPoll = Math.max(0, polling.cpuSeconds - backgroundPerSecond * polling.seconds) / polled;

  log(`changes alone for ${CALM_S} s`);
  const calmStream = new ChangeStream(sandbox, changing, stream);
  const calm = await measured(tree, async () => {
    calmStream.start();
    await sleep(CALM_S * 1000);
    await calmStream.stop();
  });

  log(`window of ${DURATION_S} s: changes, ${READERS} readers and ${EDITORS} editors in ${active.length} companies, the big company's first full sync`);
  const tenantsBefore = await tenantsByRealm();
  const requestsBefore = await qboRequestsByTenant(SERVICE_BASE_PORT, REPLICAS);
  const windowStream = new ChangeStream(sandbox, changing, stream);
  const waits = await DatabaseWaits.start(database.url, database.name);
  const standing = new InventoryStanding(SERVICE_BASE_PORT, REPLICAS);
  let over = false;
  const window = await measured(tree, async () => {
    windowStream.start();
    const users = runUserLoad(active, { readers: READERS, editors: EDITORS, readThinkMs: READ_THINK_MS, editThinkMs: EDIT_THINK_MS }, () => over);
    const bigCompany = await connectCompany(launcher.origin, sandbox.url, `big-${database.name}@broker.test`, big);
    const bigSync: Promise<BigSyncFigures> = runBigSync(bigCompany, () => over);
    await sleep(DURATION_S * 1000);
    over = true;
    const [load, bigFigures] = await Promise.all([users, bigSync]);
    await windowStream.stop();
    return { load, big: bigFigures };
  });
  const databaseWaits = await waits.stop();
  const inventoryStanding = await standing.stop(window.result.big.startedAt, window.result.big.endedAt ?? Date.now());
  const windowRequests = requestsBetween(requestsBefore, await qboRequestsByTenant(SERVICE_BASE_PORT, REPLICAS));
  const smallTenants = new Set(companies.map((company) => tenantsBefore.get(company.company.realmId)));
  const smallRequests = [...windowRequests].filter(([tenant]) => smallTenants.has(tenant)).reduce((sum, [, count]) => sum + count, 0);
  const stages = {
    calm: await traceStages(database.url, calmStream.samples, tenantsBefore),
    during: await traceStages(database.url, duringBigSync(windowStream.samples, window.result.big), tenantsBefore),
  };
  const perCatchUp = await catchUpCost(companies, tenantsBefore);

  const figures: Figures = {
    calm: {
      samples: calmStream.samples,
      cpuSeconds: calm.cpuSeconds,
      seconds: calm.seconds,
      cpuByPart: calm.cpuByPart,
      idleCpuSeconds: backgroundPerSecond * calm.seconds,
      polls: calmStream.polls,
      cpuPerPoll,
    },
    window: { samples: windowStream.samples, cpuSeconds: window.cpuSeconds, seconds: window.seconds, cpuByPart: window.cpuByPart, ...window.result },
    rss,
    stages,
    databaseWaits,
    inventoryStanding,
    qbo: {
      windowPerCompanyHour: smallRequests / smallCount / (window.seconds / 3600),
      perChange: smallRequests / Math.max(1, windowStream.samples.length),
      perCatchUp,
      catchUpMinutes: CATCH_UP_MINUTES,
    },
    load: { before: loadBefore, after: uptime() },
  };
  console.log(
    `\nCOMPANIES=${COMPANIES} (${smallCount} of ${COMPANY_ENTITIES} entities + 1 of ${bigEntities}) REPLICAS=${REPLICAS} CHANGES_PER_MIN=${stream.perMinute} READERS=${READERS} EDITORS=${EDITORS} ACTIVE_COMPANIES=${ACTIVE_COMPANIES} READ_THINK_MS=${READ_THINK_MS} EDIT_THINK_MS=${EDIT_THINK_MS} CALM_S=${CALM_S} DURATION_S=${DURATION_S} POLL_MS=${stream.pollMs} FLUSH_WEBHOOKS=${stream.flush ? 1 : 0} QBO_CATCH_UP_MINUTES=${CATCH_UP_MINUTES}`,
  );
  process.exitCode = printReport(figures, stream.timeoutMs) ? 0 : 1;
} catch (error) {
  console.error((error as Error).stack ?? error);
  console.error(`launcher log:\n${launcher.logTail()}`);
  process.exitCode = 2;
} finally {
  await launcher.stop();
  await database.drop();
}

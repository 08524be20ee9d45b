import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { acceptedOrders, emailStates, eventBacklog, mailableOrders, quickbooksIdsOf, reconcile, salesOrderCount, syncState, ticketMail } from './checks.js';
import { CallLog, keepReading, pullTicketDay, type FailedCall } from './dailyLoop.js';
import { LiveListener } from './liveListener.js';
import { missedLiveEvents, owedLiveEvents } from './liveEvents.js';
import { SwitchableMailServer } from './mailServer.js';
import { DistributedProduct, type ReplicatedName } from './product.js';
import { assertPortFree, dropDatabase, killAllOwned, OwnNats, OwnPostgres, ownedGroups, recreateDatabase } from './servers.js';
import { compareSnapshots, entityCount, takeSnapshot, withFulfilled, type Snapshot } from './snapshot.js';

/**
 * The recovery budget of docs/architecture.md §7: the distributed product on a PostgreSQL and a NATS server of the suite's own,
 * a full QuickBooks sync of a generated company, one fault injected mid-sync per scenario, then
 * the time from the fault's end until the product is consistent again: the same counts, order
 * statuses, draws and PO remaining quantities as a clean run of the same company, reconcile
 * clean, no sync run left running, every e-mail sent or logged failed.
 *
 * FAULT_SCALE sets the company (sandbox scale: 1 ≈ 200 entities; the default 150 ≈ 30,000, the
 * whole suite in about 8 minutes on two cores, the slowest fault consistent in about 20 s; 50 ≈
 * 10,000 in about 5 minutes); FAULT_ONLY runs the scenarios whose names
 * contain one of its comma-separated words; FAULT_CONSISTENT_WITHIN_S is the budget for
 * time-to-consistent (30 s), printed against each figure; FAULT_OUTAGE_S the long PostgreSQL outage (150 s).
 *
 * The budget is a figure to watch, not a gate: on two shared cores the same run lands on either
 * side of it. A scenario fails only when the product does not become consistent: it is given up
 * on after FAULT_GIVE_UP_S (six times the budget), far beyond any scheduling noise.
 */
const SCALE = Number(process.env.FAULT_SCALE ?? 150);
const WITHIN_S = Number(process.env.FAULT_CONSISTENT_WITHIN_S ?? 30);
const GIVE_UP_S = Number(process.env.FAULT_GIVE_UP_S ?? Math.max(120, WITHIN_S * 6));
const OUTAGE_S = Number(process.env.FAULT_OUTAGE_S ?? 150);
/** Share of the sync's listing done when the fault strikes. */
const FAULT_AT = Number(process.env.FAULT_AT ?? 0.4);
/**
 * `exact` (the default): every order must draw from the very PO lines the clean run chose, since
 * the same data always gives the same allocation (svc-inventory/src/orders/reallocateOrders.ts);
 * `status`: the same orders in the same statuses with the same quantities drawn per item,
 * whichever bulk PO serves them, the orders drawn elsewhere counted in the table.
 */
const ALLOCATION = process.env.FAULT_ALLOCATION === 'status' ? 'status' : 'exact';
const BASE_PORT = Number(process.env.FAULT_BASE_PORT ?? 3800);
const ONLY = (process.env.FAULT_ONLY ?? '')
  .split(',')
  .map((word) => word.trim())
  .filter(Boolean);
const EMAILS = 3;

const ports = {
  gateway: BASE_PORT,
  serviceBase: BASE_PORT + 50,
  postgres: BASE_PORT + 80,
  nats: BASE_PORT + 81,
  smtp: BASE_PORT + 82,
};

interface Scenario {
  name: string;
  /** Injects the fault and returns once it is over (the server back, the fault disarmed). */
  inject(context: ScenarioContext): Promise<void>;
  /** Every e-mail must end sent (not only logged failed): the mail server was only away for a while. */
  mailMustGoOut?: boolean;
}

interface ScenarioContext {
  product: DistributedProduct;
  realmId: string;
  sendEmails(): Promise<number[]>;
}

interface Outcome {
  name: string;
  seconds: number | undefined;
  totalSeconds: number | undefined;
  pass: boolean;
  note: string;
}

const killService = (name: 'svc-sync' | 'svc-inventory' | 'svc-documents' | 'svc-gateway'): Scenario => ({
  name: `kill -9 ${name}`,
  async inject({ product, sendEmails }) {
    const mails = name === 'svc-documents' ? sendEmails() : undefined;
    if (mails) await sleep(30);
    const pid = product.killService(name);
    await mails?.catch(() => undefined);
    // The supervisor starts it again on its own; the fault is over once it was killed.
    void pid;
  },
});

const qboFault = (name: string, fault: Record<string, unknown>): Scenario => ({
  name,
  async inject({ product, realmId }) {
    const { status } = await product.admin('POST', '/faults', { realmId, ...fault });
    if (status !== 204) throw new Error(`the sandbox refused fault ${JSON.stringify(fault)}: ${status}`);
  },
});

let workDir: string;
let pg: OwnPostgres;
let nats: OwnNats;
let mail: SwitchableMailServer;

const ALL_SCENARIOS: Scenario[] = [
  // A second clean run: the same company must give the very same allocation.
  { name: 'no fault (clean run again)', async inject() {} },
  killService('svc-sync'),
  killService('svc-inventory'),
  killService('svc-documents'),
  killService('svc-gateway'),
  {
    name: 'kill -9 NATS, restart after 5 s',
    async inject() {
      await nats.kill();
      await sleep(5_000);
      await nats.start();
    },
  },
  {
    name: 'PostgreSQL restart',
    async inject() {
      await pg.restart();
    },
  },
  {
    name: `PostgreSQL down ${OUTAGE_S} s`,
    async inject() {
      await pg.stop();
      await sleep(OUTAGE_S * 1000);
      await pg.start();
    },
  },
  {
    name: 'SMTP down 20 s',
    mailMustGoOut: true,
    async inject({ sendEmails }) {
      await mail.down();
      const statuses = await sendEmails();
      // Refused mail is answered 502 and logged failed, never reported as sent.
      if (statuses.some((status) => status === 200)) throw new Error(`a send while the mail server was down answered ${statuses.join(', ')}`);
      await sleep(20_000);
      await mail.up();
    },
  },
  qboFault('QBO 429 ×5', { kind: '429', count: 5 }),
  qboFault('QBO 503 ×5', { kind: '5xx', status: 503, count: 5 }),
  qboFault('QBO latency 3 s ×10', { kind: 'latency', latencyMs: 3_000, count: 10 }),
  qboFault('QBO expired token', { kind: 'expire-token' }),
];
const chosen = (name: string) => ONLY.length === 0 || ONLY.some((word) => name.toLowerCase().includes(word.toLowerCase()));
const SCENARIOS = ALL_SCENARIOS.filter((scenario) => chosen(scenario.name));

const REPLICAS_SCENARIO = 'two replicas of each, one of each killed, then a rolling restart of each';
const REPLICATED: ReplicatedName[] = ['svc-gateway', 'svc-inventory', 'svc-sync', 'svc-documents'];
/** Browser tabs following live updates, and accepted orders taken through the pull-ticket day, during the replicas scenario. */
const LIVE_TABS = 4;
const DAY_ORDERS = 4;
/**
 * How long an event stored just before the check may take to reach a tab through its gateway: an
 * event still missing then is lost. How many were still on their way at the check is logged.
 */
const LIVE_DELIVERY_MS = 50_000;

const outcomes: Outcome[] = [];
let reference: Snapshot | undefined;
let referenceSeconds: number | undefined;
let companySize: number | undefined;
let referenceRemainingSeconds: number | undefined;

function log(line: string): void {
  process.stdout.write(`[faults] ${line}\n`);
}

function scenarioDir(name: string): string {
  const dir = path.join(workDir, name.replace(/[^a-z0-9]+/gi, '-').toLowerCase());
  mkdirSync(dir, { recursive: true });
  return dir;
}

function productOn(databaseUrl: string, dir: string, replicas = 1): DistributedProduct {
  return new DistributedProduct({
    replicas,
    databaseUrl,
    natsUrl: nats.url,
    smtpUrl: mail.url,
    gatewayPort: ports.gateway,
    serviceBasePort: ports.serviceBase,
    scale: SCALE,
    dataDir: path.join(dir, 'data'),
    logPath: path.join(dir, 'product.log'),
  });
}

/** Starts the product, connects the sandbox's first company and starts a full sync. */
const BROKER = 'broker@faults.printpool.test';

async function startSyncing(product: DistributedProduct, beforeSync?: () => Promise<void>): Promise<{ realmId: string; startedAt: number }> {
  await product.start();
  await product.signIn(BROKER);
  await beforeSync?.();
  const realmId = await product.connectQuickBooks();
  const startedAt = Date.now();
  await product.startFullSync();
  return { realmId, startedAt };
}

/** Until the listing is `FAULT_AT` done and sales orders have reached svc-inventory (the e-mails need some). */
async function waitForMidSync(product: DistributedProduct, databaseUrl: string): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const { status, body } = await product.api('GET', '/api/quickbooks/sync/runs/latest');
    const progress = status === 200 ? body.progress : undefined;
    const share = progress && progress.total > 0 ? progress.done / progress.total : 0;
    const done = status === 200 && body.status !== 'running';
    if ((share >= FAULT_AT || done) && (await salesOrderCount(databaseUrl)) >= EMAILS) return;
    await sleep(250);
  }
  throw new Error('the sync did not get under way within 5 minutes');
}

/**
 * Accepted orders that hold stock: mid-sync they may not exist yet, since an order holds
 * stock only once its bulk PO has been imported too (docs/product.md §4).
 */
async function waitForAcceptedOrders(databaseUrl: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 120_000;
  let orders = await acceptedOrders(databaseUrl, count);
  while (orders.length < count && Date.now() < deadline) {
    await sleep(250);
    orders = await acceptedOrders(databaseUrl, count);
  }
  return orders;
}

/** Sends the estimates of orders chosen beforehand (the database may be down when they go). */
function emailSender(product: DistributedProduct, orderIds: string[]): () => Promise<number[]> {
  return async () =>
    Promise.all(
      orderIds.map((id) =>
        product
          .api('POST', `/api/sales-orders/${id}/send-estimate`, {}, 60_000)
          .then((answer) => answer.status)
          .catch(() => 0),
      ),
    );
}

interface Consistency {
  consistent: boolean;
  reasons: string[];
  /** Orders drawn from other PO lines than in the clean run, when that is not counted a difference. */
  allocationChoice: string[];
}

/** Everything the issue asks of the product after a fault, against the clean run's snapshot. */
async function checkConsistency(
  databaseUrl: string,
  expected: Snapshot,
  mailMustGoOut: boolean,
  receivedBefore: number,
  allocation: 'exact' | 'status' = ALLOCATION,
): Promise<Consistency> {
  const reasons: string[] = [];
  const sync = await syncState(databaseUrl);
  if (sync.running > 0) reasons.push(`${sync.running} sync run(s) running`);
  if (sync.latest?.status !== 'completed')
    reasons.push(`latest sync run ${sync.latest?.status ?? 'missing'}${sync.latest?.error ? ` (${sync.latest.error})` : ''}`);
  const emails = await emailStates(databaseUrl);
  if (emails.sending) reasons.push(`${emails.sending} e-mail(s) still 'sending'`);
  if (mailMustGoOut && emails.failed) reasons.push(`${emails.failed} e-mail(s) failed and not yet sent again`);
  // A mail logged sent reached the mail server (a resend after a crash may deliver one twice).
  if ((emails.sent ?? 0) > mail.received - receivedBefore) reasons.push(`${emails.sent} e-mail(s) logged sent, ${mail.received - receivedBefore} received`);
  const diff = compareSnapshots(expected, await takeSnapshot(databaseUrl));
  reasons.push(...diff.hard);
  if (allocation === 'exact') reasons.push(...diff.allocationChoice);
  if (reasons.length === 0) {
    const result = await reconcile(databaseUrl);
    if (!result.clean) reasons.push(`reconcile reports drift: ${result.output.slice(0, 500)}`);
  }
  return { consistent: reasons.length === 0, reasons, allocationChoice: allocation === 'exact' ? [] : diff.allocationChoice };
}

/** Checks until the product is consistent, or GIVE_UP_S have passed; answers the last check. */
async function waitUntilConsistent(
  databaseUrl: string,
  expected: Snapshot,
  mailMustGoOut: boolean,
  receivedBefore: number,
  allocation: 'exact' | 'status' = ALLOCATION,
): Promise<Consistency> {
  const since = Date.now();
  let last: Consistency = { consistent: false, reasons: ['not checked'], allocationChoice: [] };
  while (Date.now() - since < GIVE_UP_S * 1000) {
    try {
      last = await checkConsistency(databaseUrl, expected, mailMustGoOut, receivedBefore, allocation);
    } catch (error) {
      last = { consistent: false, reasons: [`check failed: ${(error as Error).message}`], allocationChoice: [] };
    }
    if (last.consistent) return last;
    await sleep(1_000);
  }
  return last;
}

/** The clean run: consistent once the run completed, no consumer has anything left and nothing moves. */
async function waitForQuiet(databaseUrl: string, timeoutMs: number): Promise<Snapshot> {
  const deadline = Date.now() + timeoutMs;
  let previous: string | undefined;
  while (Date.now() < deadline) {
    const sync = await syncState(databaseUrl);
    const backlog = await eventBacklog(nats.url);
    if (sync.latest?.status === 'failed') throw new Error(`the clean sync failed: ${sync.latest.error}`);
    if (sync.running === 0 && sync.latest?.status === 'completed' && backlog.pending === 0) {
      const snapshot = await takeSnapshot(databaseUrl);
      const print = JSON.stringify(snapshot);
      if (print === previous) return snapshot;
      previous = print;
    } else {
      previous = undefined;
    }
    await sleep(1_000);
  }
  throw new Error(`the clean run was not quiet within ${timeoutMs / 1000} s`);
}

function cleanUp(): void {
  killAllOwned();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}

// Whatever ends the run, nothing the suite started outlives it: afterAll ends it all, and a
// watchdog process (watchdog.mjs) does when the suite's process dies first.

beforeAll(async () => {
  for (const port of [
    ports.gateway,
    ports.serviceBase + 1,
    ports.serviceBase + 2,
    ports.serviceBase + 3,
    ports.serviceBase + 10,
    ports.serviceBase + 20,
    ports.postgres,
    ports.nats,
    ports.smtp,
  ]) {
    await assertPortFree(port);
  }
  workDir = mkdtempSync(path.join(tmpdir(), 'printpool-faults-'));
  // PostgreSQL runs as the postgres user and must reach its directory inside.
  chmodSync(workDir, 0o711);
  ownedGroups.watchFrom(workDir);
  mail = new SwitchableMailServer(ports.smtp);
  await mail.up();
  pg = new OwnPostgres(ports.postgres, path.join(workDir, 'postgres'));
  await pg.init();
  nats = new OwnNats(ports.nats, path.join(workDir, 'nats'), path.join(workDir, 'nats.log'));
  await nats.start();
}, 120_000);

afterAll(async () => {
  const rows = [['fault', 'time-to-consistent', 'sync → consistent', 'result', 'note']];
  if (referenceSeconds !== undefined)
    rows.push([
      '(clean run)',
      `${referenceRemainingSeconds!.toFixed(1)} s`,
      `${referenceSeconds.toFixed(1)} s`,
      'reference',
      `${companySize ?? '?'} QuickBooks entities, ${reference ? entityCount(reference) : '?'} in inventory`,
    ]);
  for (const outcome of outcomes) {
    rows.push([
      outcome.name,
      outcome.seconds === undefined ? `> ${GIVE_UP_S} s` : `${outcome.seconds.toFixed(1)} s`,
      outcome.totalSeconds === undefined ? '-' : `${outcome.totalSeconds.toFixed(1)} s`,
      outcome.pass ? (outcome.seconds! <= WITHIN_S ? 'pass' : 'pass, over budget') : 'FAIL',
      outcome.note,
    ]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  log(`fault suite, scale ${SCALE}, budget ${WITHIN_S} s, given up after ${GIVE_UP_S} s, allocation compared ${ALLOCATION}`);
  for (const row of rows) process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')}\n`);
  await mail?.down().catch(() => undefined);
  await nats?.kill();
  await pg?.destroy();
  cleanUp();
}, 60_000);

describe('fault suite (docs/architecture.md §7, recovery)', () => {
  it('a clean run of the generated company is the reference', async () => {
    // On the machine's PostgreSQL when there is one (CI), else on the suite's own.
    const server = process.env.DATABASE_URL ?? pg.serverUrl;
    const name = 'printpool_faults_clean';
    const databaseUrl = recreateDatabase(server, name);
    const dir = scenarioDir('clean');
    const product = productOn(databaseUrl, dir);
    try {
      await nats.reset();
      const { startedAt } = await startSyncing(product);
      const company = await product.companyCounts();
      companySize = Object.values(company).reduce((sum, n) => sum + n, 0);
      log(`the company in QuickBooks: ${companySize} entities (${JSON.stringify(company)})`);
      await waitForMidSync(product, databaseUrl);
      const midSyncAt = Date.now();
      reference = await waitForQuiet(databaseUrl, 600_000);
      referenceSeconds = (Date.now() - startedAt) / 1000;
      // What a fault's time-to-consistent includes anyway: the sync's own work left at the point faults strike.
      referenceRemainingSeconds = (Date.now() - midSyncAt) / 1000;
      const result = await reconcile(databaseUrl);
      expect(result).toEqual(expect.objectContaining({ clean: true }));
      const emails = await emailStates(databaseUrl);
      expect(emails.sending ?? 0).toBe(0);
      log(
        `clean run: ${entityCount(reference)} entities (${JSON.stringify(reference.counts)}), consistent ${referenceSeconds.toFixed(1)} s after the sync started`,
      );
    } catch (error) {
      log(`clean run failed; product log:\n${product.logTail()}`);
      throw error;
    } finally {
      await product.stop();
      dropDatabase(server, name);
    }
  }, 900_000);

  for (const [index, scenario] of SCENARIOS.entries()) {
    const outcome: Outcome = { name: scenario.name, seconds: undefined, totalSeconds: undefined, pass: false, note: '' };
    outcomes.push(outcome);
    it(
      `${scenario.name}: consistent again (budget ${WITHIN_S} s)`,
      async () => {
        if (!reference) throw new Error('no clean reference run');
        // A database per scenario: one that Jest gave up on may still be cleaning up beside the next.
        const name = `printpool_faults_${index}`;
        const databaseUrl = recreateDatabase(pg.serverUrl, name);
        const dir = scenarioDir(scenario.name);
        const product = productOn(databaseUrl, dir);
        try {
          await nats.reset();
          const receivedBefore = mail.received;
          const { realmId, startedAt } = await startSyncing(product);
          await waitForMidSync(product, databaseUrl);
          const sendEmails = emailSender(product, await mailableOrders(databaseUrl, EMAILS));
          const mails = scenario.name.includes('svc-documents') || scenario.name.startsWith('SMTP') ? undefined : sendEmails();
          await scenario.inject({ product, realmId, sendEmails });
          await mails;
          const restoredAt = Date.now();
          const last = await waitUntilConsistent(databaseUrl, reference, scenario.mailMustGoOut === true, receivedBefore);
          if (last.consistent) {
            outcome.seconds = (Date.now() - restoredAt) / 1000;
            outcome.totalSeconds = (Date.now() - startedAt) / 1000;
          }
          const backlog = await eventBacklog(nats.url).catch(() => undefined);
          const notes: string[] = [];
          if (backlog?.deadLetters) notes.push(`${backlog.deadLetters} dead letter(s)`);
          const otherPos = last.allocationChoice.map((line) => /^\d+ orders drawn/.exec(line)?.[0]).filter(Boolean);
          if (otherPos.length > 0) notes.push(`${otherPos.join('')} from other POs than the clean run`);
          outcome.note = notes.join('; ');
          if (!last.consistent) {
            outcome.note = [outcome.note, last.reasons.join('; ').slice(0, 300)].filter(Boolean).join('; ');
            log(`${scenario.name}: not consistent after ${GIVE_UP_S} s:\n  ${last.reasons.join('\n  ')}\nproduct log:\n${product.logTail(40)}`);
          }
          outcome.pass = last.consistent;
          if (last.consistent && outcome.seconds! > WITHIN_S) outcome.note = [outcome.note, `over the ${WITHIN_S} s budget`].filter(Boolean).join('; ');
          log(`${scenario.name}: ${last.consistent ? `consistent ${outcome.seconds!.toFixed(1)} s after the fault` : 'not consistent'}`);
          expect(last.reasons).toEqual([]);
        } catch (error) {
          if (!outcome.note) {
            outcome.note = (error as Error).message.split('\n')[0]!.slice(0, 200);
            // A scenario that failed before its checks says why only in the product's log.
            log(`${scenario.name} failed; product log:\n${product.logTail(40)}`);
          }
          throw error;
        } finally {
          await product.stop();
          await pg.start().catch(() => undefined);
          await mail.up();
          dropDatabase(pg.serverUrl, name);
        }
      },
      (GIVE_UP_S + OUTAGE_S + 600) * 1000,
    );
  }

  const replicasOutcome: Outcome = { name: REPLICAS_SCENARIO, seconds: undefined, totalSeconds: undefined, pass: false, note: '' };
  if (chosen(REPLICAS_SCENARIO)) {
    outcomes.push(replicasOutcome);
    it(
      `${REPLICAS_SCENARIO}: consistent again (budget ${WITHIN_S} s), every live event in every tab, no request failed but while killed, none in the rolling restart`,
      async () => {
        if (!reference) throw new Error('no clean reference run');
        const name = 'printpool_faults_replicas';
        const databaseUrl = recreateDatabase(pg.serverUrl, name);
        const product = productOn(databaseUrl, scenarioDir('replicas'), 2);
        const calls = new CallLog();
        const reading = new AbortController();
        const tabs: LiveListener[] = [];
        try {
          await nats.reset();
          const receivedBefore = mail.received;
          const { startedAt } = await startSyncing(product, async () => {
            for (let tab = 0; tab < LIVE_TABS; tab++) {
              const listener = new LiveListener(product.origin, product.sessionCookie);
              await listener.start();
              tabs.push(listener);
            }
          });
          await waitForMidSync(product, databaseUrl);
          const readers = Promise.all([keepReading(product, calls, reading.signal), keepReading(product, calls, reading.signal)]);
          const orders = await waitForAcceptedOrders(databaseUrl, DAY_ORDERS);
          expect(orders).toHaveLength(DAY_ORDERS);
          const day = Promise.all(orders.map((order) => pullTicketDay(product, calls, order)));

          // kill -9 of one replica of each process at once; the supervisor starts each again.
          const killedFrom = Date.now();
          const killed = REPLICATED.map((process) => product.signalReplica(process, 0, 'SIGKILL'));
          await Promise.all(REPLICATED.map((process, i) => product.waitForReplica(process, 0, killed[i]!)));
          const killedUntil = Date.now();
          // Then a rolling restart of each process, as a deploy makes it: SIGTERM of one replica, which
          // drains while the other serves, and once it is back, of the other.
          const drainFrom = Date.now();
          for (const replica of [1, 0]) {
            const stopped = REPLICATED.map((process) => product.signalReplica(process, replica, 'SIGTERM'));
            await Promise.all(REPLICATED.map((process, i) => product.waitForReplica(process, replica, stopped[i]!)));
          }
          const drainUntil = Date.now();
          const tickets = await day;
          reading.abort();
          await readers;
          const restoredAt = Date.now();

          // Each order of the day shipped every unit on its ticket, so it is fulfilled.
          const fulfilled = withFulfilled(reference, await quickbooksIdsOf(databaseUrl, orders));
          const expected: Snapshot = { ...fulfilled, counts: { ...reference.counts, pull_tickets: reference.counts.pull_tickets! + tickets.length } };
          // An order that gets its pull ticket mid-sync keeps the bulk PO it drew from then
          // (docs/architecture.md §5, re-allocation), so it may hold other PO lines than the
          // reference: each order's status and units held, every line and item level must agree.
          const last = await waitUntilConsistent(databaseUrl, expected, true, receivedBefore, 'status');
          if (last.consistent) {
            replicasOutcome.seconds = (Date.now() - restoredAt) / 1000;
            replicasOutcome.totalSeconds = (Date.now() - startedAt) / 1000;
          }
          log(
            `${REPLICAS_SCENARIO}: ${last.consistent ? `consistent ${replicasOutcome.seconds!.toFixed(1)} s after the last replica was back` : 'not consistent'}`,
          );
          expect(last.reasons).toEqual([]);

          // Each ticket went to its vendor once and its customer was told once.
          expect(await ticketMail(databaseUrl, tickets)).toEqual(tickets.map((id) => ({ ticket: String(id), vendor: 1, customer: 1 })));
          // A request may fail only while a process was killed under it; none in the rolling restart.
          const within = (call: FailedCall, from: number, until: number) => call.at >= from - 1_000 && call.at <= until;
          const unexplained = calls.failed.filter((call) => !within(call, killedFrom, killedUntil));
          log(
            `${REPLICAS_SCENARIO}: ${calls.calls} requests, ${calls.failed.length} failed while killed, ` +
              `${calls.failed.filter((call) => within(call, drainFrom, drainUntil)).length} in the rolling restart of ${((drainUntil - drainFrom) / 1000).toFixed(1)} s`,
          );
          expect(unexplained).toEqual([]);
          expect(calls.failed.filter((call) => within(call, drainFrom, drainUntil))).toEqual([]);

          // Every tab got every live event of its company from when it opened, across the replicas it lost.
          for (const tab of tabs) {
            expect(tab.startedAt).toBeDefined();
            expect(tab.received.size).toBeGreaterThan(0);
            expect(tab.reconnects).toBeGreaterThan(0);
          }
          const owed = await owedLiveEvents(nats.url, databaseUrl, BROKER, tabs);
          const { missed, late } = await missedLiveEvents(owed, tabs, LIVE_DELIVERY_MS);
          log(`${REPLICAS_SCENARIO}: ${owed.flat().length} live events owed to the tabs, ${late} still on their way at the check`);
          replicasOutcome.note = `${calls.failed.length} request(s) failed while killed; tabs reconnected ${tabs.map((tab) => tab.reconnects).join('/')} times`;
          if (missed.some((labels) => labels.length > 0)) log(`${REPLICAS_SCENARIO}: tabs resumed from ${JSON.stringify(tabs.map((tab) => tab.resumedFrom))}`);
          expect(missed).toEqual(tabs.map(() => []));
          expect(tabs.map((tab) => tab.resyncs)).toEqual(tabs.map(() => 0));
          replicasOutcome.pass = true;
          if (replicasOutcome.seconds! > WITHIN_S) replicasOutcome.note += `; over the ${WITHIN_S} s budget`;
        } catch (error) {
          if (!replicasOutcome.note) replicasOutcome.note = (error as Error).message.split('\n')[0]!.slice(0, 200);
          log(`${REPLICAS_SCENARIO} failed; product log:\n${product.logTail(40)}`);
          throw error;
        } finally {
          reading.abort();
          await Promise.all(tabs.map((tab) => tab.stop()));
          await product.stop();
          dropDatabase(pg.serverUrl, name);
        }
      },
      (GIVE_UP_S + 900) * 1000,
    );
  }
});

import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@printpool/contracts';
import { createLogger } from '@printpool/service-kit';
import { waitFor } from '@printpool/service-kit/testing';
import { CatchUpScheduler } from '../src/sync/catchUp.js';
import type { StartedRun, SyncRequest } from '../src/sync/syncRunner.js';
import { replicaDatabases, type ReplicaDatabases } from './replicaDatabases.js';
import { answered, newTenant, startHarness, type Harness } from './support.js';

/** Every 0.6 s (±10 %): a quarter hour in production, shortened so a test sees several periods. */
const EVERY_MINUTES = '0.01';

const renamedCustomer = (events: EventEnvelope[], tenantId: string, customerId: string, name: string) =>
  events.some(
    (event) =>
      event.tenantId === tenantId &&
      event.type === 'accounting.customer.upserted' &&
      (event.data as { customers: Array<{ qbId: string; displayName: string }> }).customers.some((c) => c.qbId === customerId && c.displayName === name),
  );

/** The Sync button's run (`mode` full, else incremental from the cursor), answered when it ends. */
const syncRun = async (h: Harness, tenantId: string, mode?: 'full') =>
  answered(await h.route(tenantId, 'post /api/quickbooks/sync', { query: { mode, wait: 'true' } }), 200);
const syncHealth = async (h: Harness, tenantId: string) => answered(await h.route(tenantId, 'get /api/quickbooks/sync/health', {}), 200);

describe('catch-up with QuickBooks on a schedule, webhooks off', () => {
  let h: Harness;
  let realmId: string;
  const tenant = newTenant('catch-up');

  beforeAll(async () => {
    // No webhook at all: what reaches PrintPool now comes by CDC alone, as after a notification lost while it was down.
    h = await startHarness({
      sandbox: { webhook: undefined, companies: [{ seed: 11, scale: 8, companyName: 'Catch Up Print Co' }] },
      env: { QBO_CATCH_UP_MINUTES: EVERY_MINUTES },
    });
    realmId = h.sandbox.admin.companies()[0]!.realmId;
    await h.connect(tenant);
  });

  afterAll(async () => {
    await h.stop();
  });

  it('leaves a company that never synced to its first, manual, sync', async () => {
    await sleep(1_500);
    expect((await h.route(tenant, 'get /api/quickbooks/sync/runs/latest', {})).status).toBe(204);
    expect(await syncHealth(h, tenant)).toEqual({ lastCheckedAt: null, catchUpMinutes: 0.01, problems: [] });
  });

  it('imports a change made in QuickBooks by the next scheduled run, without anyone pressing Sync', async () => {
    expect(await syncRun(h, tenant, 'full')).toMatchObject({ status: 'completed', kind: 'full' });
    const changedAt = new Date();
    h.sandbox.admin.update(realmId, 'Customer', '2', { DisplayName: 'Caught Up Print Buyer' });

    await waitFor(() => expect(renamedCustomer(h.events, tenant, '2', 'Caught Up Print Buyer')).toBe(true), { timeoutMs: 15_000 });
    const latest = answered(await h.route(tenant, 'get /api/quickbooks/sync/runs/latest', {}), 200);
    expect(latest.kind).toBe('incremental');
    await waitFor(async () => {
      const health = await syncHealth(h, tenant);
      expect(health.catchUpMinutes).toBe(0.01);
      expect(Date.parse(health.lastCheckedAt!)).toBeGreaterThan(changedAt.getTime());
      expect(health.problems).toEqual([]);
    });
  });

  it("lists a scheduled run QuickBooks refused with QuickBooks' reason, until a later run succeeds", async () => {
    // Enough 500s for every retry of one request: the run fails, the next one goes through.
    h.sandbox.admin.injectFault({ realmId, kind: '5xx', count: 6, status: 500 });
    const failed = await waitFor(
      async () => {
        const health = await syncHealth(h, tenant);
        expect(health.problems).toHaveLength(1);
        return health.problems[0]!;
      },
      { timeoutMs: 15_000, intervalMs: 20 },
    );
    expect(failed).toMatchObject({ kind: 'sync', syncKind: 'incremental' });
    expect(failed.reason).toBe(
      'QuickBooks 500: System Failure Error: An unexpected error occurred while accessing or saving your data. Please wait a few minutes and try again. (code 10000)',
    );
    await waitFor(async () => expect((await syncHealth(h, tenant)).problems).toEqual([]), { timeoutMs: 15_000 });
  });
});

describe('catch-up turned off (QBO_CATCH_UP_MINUTES=0)', () => {
  let h: Harness;
  let realmId: string;
  const tenant = newTenant('no-catch-up');

  beforeAll(async () => {
    h = await startHarness({
      sandbox: { webhook: undefined, companies: [{ seed: 12, scale: 8, companyName: 'Manual Sync Print Co' }] },
      env: { QBO_CATCH_UP_MINUTES: '0' },
    });
    realmId = h.sandbox.admin.companies()[0]!.realmId;
    await h.connect(tenant);
  });

  afterAll(async () => {
    await h.stop();
  });

  it('runs no sync on its own: a change waits for Sync', async () => {
    const first = await syncRun(h, tenant, 'full');
    expect(first.status).toBe('completed');
    h.sandbox.admin.update(realmId, 'Customer', '2', { DisplayName: 'Waits For Sync' });
    await sleep(2_000);
    expect(answered(await h.route(tenant, 'get /api/quickbooks/sync/runs/latest', {}), 200).runId).toBe(first.runId);
    expect(renamedCustomer(h.events, tenant, '2', 'Waits For Sync')).toBe(false);
    expect(await h.db.knex('qbo_connections').where({ tenant_id: tenant }).first('catch_up_due_at')).toEqual({ catch_up_due_at: null });
    expect(await syncHealth(h, tenant)).toEqual({ lastCheckedAt: first.finishedAt, catchUpMinutes: null, problems: [] });

    expect(await syncRun(h, tenant)).toMatchObject({ status: 'completed', kind: 'incremental' });
    expect(renamedCustomer(h.events, tenant, '2', 'Waits For Sync')).toBe(true);
  });

  it("records a failed sync with QuickBooks' reason, which the API answers, and Retry clears it", async () => {
    h.sandbox.admin.injectFault({ realmId, kind: '5xx', count: 6, status: 500 });
    const failed = await syncRun(h, tenant);
    expect(failed.status).toBe('failed');
    expect((await syncHealth(h, tenant)).problems).toEqual([
      {
        kind: 'sync',
        runId: failed.runId,
        syncKind: 'incremental',
        reason:
          'QuickBooks 500: System Failure Error: An unexpected error occurred while accessing or saving your data. Please wait a few minutes and try again. (code 10000)',
        failedAt: failed.finishedAt,
      },
    ]);
    // Retry is a sync like any other.
    expect((await syncRun(h, tenant)).status).toBe('completed');
    expect((await syncHealth(h, tenant)).problems).toEqual([]);
  });
});

describe('catch-up on several replicas', () => {
  const logger = createLogger('catch-up-test', 'silent');
  let databases: ReplicaDatabases;
  let schedulers: CatchUpScheduler[] = [];
  const tenants = Array.from({ length: 12 }, (_, n) => `replica-tenant-${n}`);

  beforeAll(async () => {
    databases = await replicaDatabases();
    const { knex } = databases.first;
    for (const tenantId of tenants) {
      await knex('qbo_connections').insert({ tenant_id: tenantId, realm_id: `realm-${tenantId}`, refresh_token: 'sealed', connected_by: 'u' });
      await knex('sync_cursors').insert({ tenant_id: tenantId, realm_id: `realm-${tenantId}`, cdc_since: '2026-01-01T00:00:00Z' });
    }
    // Connected but never synced: never caught up.
    await knex('qbo_connections').insert({ tenant_id: 'never-synced', realm_id: 'realm-x', refresh_token: 'sealed', connected_by: 'u' });
  });

  afterEach(async () => {
    for (const scheduler of schedulers) await scheduler.stop();
    schedulers = [];
  });

  afterAll(async () => {
    await databases.close();
  });

  it("runs each company's catch-up on one replica at a time, about once a period", async () => {
    const started: string[] = [];
    const overlaps: string[] = [];
    const busy = new Set<string>();
    const runner = {
      async start(tenantId: string, request: SyncRequest): Promise<StartedRun> {
        expect(request).toBe('incremental');
        if (busy.has(tenantId)) overlaps.push(tenantId);
        busy.add(tenantId);
        started.push(tenantId);
        const finished = sleep(100).then(() => void busy.delete(tenantId));
        return { runId: tenantId, finished };
      },
    };
    const periodMinutes = 0.01;
    for (const db of [databases.first, databases.second, databases.first]) {
      const scheduler = new CatchUpScheduler(db.knex, runner, logger, { everyMinutes: periodMinutes, concurrency: 20 });
      schedulers.push(scheduler);
      scheduler.start();
    }
    const ranMs = 3_000;
    await sleep(ranMs);
    for (const scheduler of schedulers) await scheduler.stop();

    expect(overlaps).toEqual([]);
    expect(started).not.toContain('never-synced');
    const periods = ranMs / (periodMinutes * 60_000 * 0.9);
    for (const tenantId of tenants) {
      const runs = started.filter((one) => one === tenantId).length;
      expect(runs).toBeGreaterThanOrEqual(2);
      expect(runs).toBeLessThanOrEqual(Math.ceil(periods) + 1);
    }
  });
});

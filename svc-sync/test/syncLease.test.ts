import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import { itOnPostgres, waitFor } from '@printpool/service-kit/testing';
import { answered, newTenant, startHarness, type Harness } from './support.js';

/** Short leases, so a process that "died" is noticed within the test's patience. */
const LEASE = { SYNC_LEASE_MS: '1500', SYNC_HEARTBEAT_MS: '200' };

describe('sync runs are leased', () => {
  let h: Harness;
  let realmId: string;

  const customers = () => h.sandbox.admin.companies().find((c) => c.realmId === realmId)!.counts.Customer!;
  const mirrored = async (tenant: string) =>
    Number(((await h.db.knex('qbo_documents').where({ tenant_id: tenant, entity: 'Customer' }).count('* as n')) as { n: string }[])[0]!.n);

  /** A customers run left 'running' by a process killed after it had listed the first page, as the database keeps it. */
  async function deadRun(tenant: string, heartbeatAgoMs: number, owner: { owner_host: string; owner_pid: number } | object = {}): Promise<string> {
    const id = randomUUID();
    await h.db.knex('sync_runs').insert({
      id,
      tenant_id: tenant,
      realm_id: realmId,
      kind: 'customers',
      status: 'running',
      sweep_id: id,
      entities: JSON.stringify(['customer']),
      progress: JSON.stringify({ customer: { done: 100, total: customers() } }),
      cursors: JSON.stringify({ customer: 101 }),
      counts: JSON.stringify({ customer: 100 }),
      heartbeat_at: new Date(Date.now() - heartbeatAgoMs),
      ...owner,
    });
    return id;
  }

  const customersRun = async (tenant: string) => answered(await h.route(tenant, 'post /api/sync/customers', { query: { wait: 'true' } }), 200);
  const customersStarted = async (tenant: string) => answered(await h.route(tenant, 'post /api/sync/customers', {}), 202);
  const latestRun = async (tenant: string) => answered(await h.route(tenant, 'get /api/quickbooks/sync/runs/latest', {}), 200);

  const runOf = async (tenant: string, id: string) => h.db.knex('sync_runs').where({ tenant_id: tenant, id }).first('status', 'error');

  beforeAll(async () => {
    h = await startHarness({ env: LEASE, sandbox: { companies: [{ seed: 11, scale: 4, companyName: 'Lease Print Co' }] } });
    realmId = h.sandbox.admin.companies()[0]!.realmId;
  });

  afterAll(async () => {
    await h.stop();
  });

  it('never joins a run whose process died: a new request fails it with the reason and resumes from its cursor', async () => {
    const tenant = newTenant('lease-request');
    await h.connect(tenant);
    const dead = await deadRun(tenant, 60 * 60_000);
    const run = await customersRun(tenant);
    expect(run).toMatchObject({ status: 'completed', kind: 'customers' });
    expect(run.runId).not.toBe(dead);
    expect(await runOf(tenant, dead)).toMatchObject({ status: 'failed', error: expect.stringMatching(/^Interrupted: svc-sync stopped working on this run/) });
    // Resumed at STARTPOSITION 101: only what the dead run had not listed was fetched again.
    expect(run.progress.byEntity.customer).toEqual({ done: customers(), total: customers() });
    expect(await mirrored(tenant)).toBe(customers() - 100);
  });

  it('resumes at once, lease or not, a run whose svc-sync process on this host has ended', async () => {
    const tenant = newTenant('lease-process-ended');
    await h.connect(tenant);
    // A process that ran on this machine and is gone, as a supervisor sees a killed svc-sync.
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    // Its heartbeat as fresh as can be: the lease cannot lapse while the test runs.
    const dead = await deadRun(tenant, -60_000, { owner_host: hostname(), owner_pid: Number(gone.stdout) });
    const run = await customersRun(tenant);
    expect(run).toMatchObject({ status: 'completed', kind: 'customers' });
    expect(run.runId).not.toBe(dead);
    expect(await runOf(tenant, dead)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^Interrupted: the svc-sync process working on this run ended/),
    });
    expect(await mirrored(tenant)).toBe(customers() - 100);
  });

  it('joins a run whose process on this host is alive until its lease lapses', async () => {
    const tenant = newTenant('lease-process-alive');
    await h.connect(tenant);
    const alive = await deadRun(tenant, -60_000, { owner_host: hostname(), owner_pid: process.pid });
    expect(await customersStarted(tenant)).toEqual({ runId: alive });
    await h.db.knex('sync_runs').where({ id: alive }).update({ status: 'failed' });
  });

  it('resumes a lapsed run by itself, without anyone asking', async () => {
    const tenant = newTenant('lease-recovery');
    await h.connect(tenant);
    const dead = await deadRun(tenant, 60 * 60_000);
    const resumed = await waitFor(
      async () => {
        const latest = await latestRun(tenant);
        expect(latest).toMatchObject({ kind: 'customers', status: 'completed' });
        return latest;
      },
      { timeoutMs: 15_000 },
    );
    expect(resumed.runId).not.toBe(dead);
    expect(await runOf(tenant, dead)).toMatchObject({ status: 'failed' });
  });

  it('keeps a live run alive through slow QuickBooks answers: a second request joins it', async () => {
    const tenant = newTenant('lease-slow');
    await h.connect(tenant);
    h.sandbox.admin.injectFault({ realmId, kind: 'latency', count: 2, latencyMs: 2_500 });
    const first = await customersStarted(tenant);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await customersRun(tenant)).toMatchObject({ runId: first.runId, status: 'completed' });
  });

  itOnPostgres('resumes by itself when its database connections are cut mid-run (a PostgreSQL restart)', async () => {
    const tenant = newTenant('lease-database-lost');
    await h.connect(tenant);
    // A connection of the test's own holds the mirror, so the run's first page waits on it with its query in flight.
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL, application_name: 'sync lease test' });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`LOCK TABLE "${h.db.schema}".qbo_documents IN ACCESS EXCLUSIVE MODE`);
      const started = await customersStarted(tenant);
      await waitFor(async () => {
        const waiting = await holder.query("SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'", [h.db.schema]);
        expect(waiting.rowCount).toBeGreaterThan(0);
      });
      await holder.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [h.db.schema]);
      await holder.query('ROLLBACK');
      const resumed = await waitFor(
        async () => {
          const latest = await latestRun(tenant);
          expect(latest).toMatchObject({ kind: 'customers', status: 'completed' });
          return latest;
        },
        { timeoutMs: 15_000 },
      );
      expect(resumed.runId).not.toBe(started.runId);
      expect(await runOf(tenant, started.runId)).toMatchObject({ status: 'failed' });
      expect(await mirrored(tenant)).toBe(customers());
    } finally {
      await holder.end();
    }
  });
});

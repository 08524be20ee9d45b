import { setTimeout as sleep } from 'node:timers/promises';
import { answered, startHarness, type Harness } from './support.js';

/**
 * QuickBooks' rate limit (500 requests a minute per realm) answered with 429 until the next
 * window. The window is shortened to a second here (QBO_THROTTLE_WINDOW_MS): a run that meets
 * 429s for many windows in a row must wait each out and complete with every entity once.
 */
const WINDOW_MS = 1_000;

describe('a sync that meets QuickBooks throttling', () => {
  let h: Harness;
  let realmId: string;
  const tenant = 'tenant-throttled';

  beforeAll(async () => {
    h = await startHarness({
      sandbox: { companies: [{ seed: 11, scale: 4, companyName: 'Throttled Print Co' }] },
      env: { QBO_THROTTLE_WINDOW_MS: String(WINDOW_MS), QBO_THROTTLE_LIMIT_MS: '5000' },
    });
    realmId = h.sandbox.admin.companies()[0]!.realmId;
    await h.connect(tenant);
  });

  afterAll(() => h.stop());

  const latestRun = async () => answered(await h.route(tenant, 'get /api/quickbooks/sync/runs/latest', {}), 200);

  it('waits window after window, says it is waiting, and completes with every entity and no duplicate', async () => {
    h.sandbox.admin.injectFault({ realmId, kind: '429', count: 40 });
    const { runId } = answered(await h.route(tenant, 'post /api/quickbooks/sync', { query: { mode: 'full' } }), 202);

    const seen = { waiting: false };
    for (;;) {
      const run = await latestRun();
      if (run.waitingUntil) seen.waiting = true;
      if (run.status !== 'running') break;
      await sleep(100);
    }
    const finished = await latestRun();
    expect(finished).toMatchObject({ runId, status: 'completed', error: null, waitingUntil: null });
    expect(seen.waiting).toBe(true);
    expect(finished.progress.done).toBe(finished.progress.total);

    const mirrored = (await h.db.knex('qbo_documents').where({ tenant_id: tenant }).groupBy('entity').select('entity').count('* as n')) as Array<{
      entity: string;
      n: number | string;
    }>;
    expect(Object.fromEntries(mirrored.map((row) => [row.entity, Number(row.n)]))).toEqual(h.sandbox.admin.companies()[0]!.counts);
  }, 120_000);

  it('fails the run, naming the rate limit, only once QuickBooks has refused for longer than the limit', async () => {
    h.sandbox.admin.injectFault({ realmId, kind: '429', count: 100_000 });
    try {
      const run = answered(await h.route(tenant, 'post /api/quickbooks/sync', { query: { mode: 'full', wait: 'true' } }), 200);
      expect(run.status).toBe('failed');
      expect(run.error).toMatch(/QuickBooks kept refusing requests \(rate limit\)/);
    } finally {
      h.sandbox.admin.clearFaults(realmId);
    }
  }, 120_000);
});

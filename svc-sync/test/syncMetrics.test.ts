import { answered, startHarness, type Harness } from './support.js';

/** The value of one series on svc-sync's /metrics (`name{labels}`), or undefined when it has none. */
async function scraped(h: Harness, series: string): Promise<number | undefined> {
  const metrics = await (await fetch(`${h.syncUrl}/metrics`)).text();
  const line = metrics.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** What an operator's scraper reads from svc-sync about the runs it made. */
describe("svc-sync's /metrics on its runs and its QuickBooks companies", () => {
  let h: Harness;
  const tenant = 'tenant-sync-metrics';

  beforeAll(async () => {
    h = await startHarness({ sandbox: { companies: [{ seed: 7, scale: 1, companyName: 'Counted Print Co' }] } });
    await h.connect(tenant);
  });
  afterAll(() => h.stop());

  it('counts the run by kind and outcome, its duration, and the records it wrote per entity', async () => {
    const run = answered(await h.route(tenant, 'post /api/quickbooks/sync', { query: { mode: 'full', wait: 'true' } }), 200);
    expect(run).toMatchObject({ status: 'completed' });
    const metrics = await (await fetch(`${h.syncUrl}/metrics`)).text();
    const value = (series: string) =>
      Number(
        metrics
          .split('\n')
          .find((line) => line.startsWith(series))
          ?.split(' ')[1],
      );

    expect(value('sync_run_duration_seconds_count{kind="full",outcome="completed"}')).toBe(1);
    expect(value('sync_run_duration_seconds_sum{kind="full",outcome="completed"}')).toBeGreaterThan(0);
    const { counts } = h.sandbox.admin.companies()[0]!;
    const written = { customer: counts.Customer, vendor: counts.Vendor, item: counts.Item, 'purchase-order': counts.PurchaseOrder, estimate: counts.Estimate };
    for (const [entity, count] of Object.entries(written)) expect(value(`sync_run_entities_total{kind="full",entity="${entity}"}`)).toBe(count);
  }, 60_000);

  it("counts the company's QuickBooks requests, its 429s and the requests that failed for good", async () => {
    const realmId = h.sandbox.admin.companies()[0]!.realmId;
    const requests = (outcome: string) => scraped(h, `qbo_requests_total{tenant_id="${tenant}",outcome="${outcome}"}`);
    expect(await requests('ok')).toBeGreaterThan(0);
    const throttledBefore = (await requests('throttled')) ?? 0;

    h.sandbox.admin.injectFault({ realmId, kind: '429', count: 3 });
    const throttledRun = answered(await h.route(tenant, 'post /api/quickbooks/sync', { query: { mode: 'incremental', wait: 'true' } }), 200);
    expect(throttledRun).toMatchObject({ status: 'completed' });
    expect(await requests('throttled')).toBe(throttledBefore + 3);

    expect(await scraped(h, `qbo_request_failures_total{tenant_id="${tenant}",failure="unavailable"}`)).toBeUndefined();
    h.sandbox.admin.injectFault({ realmId, kind: '5xx', status: 503, count: 1000 });
    try {
      const failedRun = answered(await h.route(tenant, 'post /api/quickbooks/sync', { query: { mode: 'incremental', wait: 'true' } }), 200);
      expect(failedRun).toMatchObject({ status: 'failed' });
    } finally {
      h.sandbox.admin.clearFaults(realmId);
    }
    expect(await requests('unavailable')).toBeGreaterThanOrEqual(6);
    expect(await scraped(h, `qbo_request_failures_total{tenant_id="${tenant}",failure="unavailable"}`)).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('shows how long ago each connected company last synced in full, and nothing once its grant is gone or it disconnects', async () => {
    const age = () => scraped(h, `sync_last_success_age_seconds{tenant_id="${tenant}"}`);
    // The last run that read everything finished an hour ago; the failed one since does not count.
    await h.db
      .knex('sync_runs')
      .where({ tenant_id: tenant, status: 'completed' })
      .update({ finished_at: h.db.knex.raw("now() - interval '3600 seconds'") });
    expect(await age()).toBeGreaterThanOrEqual(3600);
    expect(await age()).toBeLessThan(3600 + 600);

    // QuickBooks refused the refresh: the company waits for the broker to reconnect (connectionStore.ts forgetTokens).
    const grant = await h.db.knex('qbo_connections').where({ tenant_id: tenant }).first('access_token', 'refresh_token');
    await h.db.knex('qbo_connections').where({ tenant_id: tenant }).update({ access_token: null, refresh_token: null });
    expect(await age()).toBeUndefined();
    await h.db.knex('qbo_connections').where({ tenant_id: tenant }).update(grant);
    expect(await age()).toBeGreaterThanOrEqual(3600);

    answered(await h.route(tenant, 'post /api/quickbooks/disconnect', {}), 200);
    expect(await age()).toBeUndefined();
  });
});

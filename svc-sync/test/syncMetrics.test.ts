import { answered, startHarness, type Harness } from './support.js';

/** What an operator's scraper reads from svc-sync about the runs it made. */
describe("svc-sync's /metrics after a full sync", () => {
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
});

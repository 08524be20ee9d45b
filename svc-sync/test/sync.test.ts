import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@printpool/contracts';
import { waitFor } from '@printpool/service-kit/testing';
import { SYNC_ENTITIES } from '../src/domain/syncEntities.js';
import { answered, expectContract, newTenant, startHarness, type Harness } from './support.js';

type Counts = Record<string, number>;

/** qbId → entity as last published, per contract entity, from upserted/deleted events of one tenant. */
function published(events: EventEnvelope[], tenantId: string, from = 0): Map<string, Map<string, unknown>> {
  const byEntity = new Map<string, Map<string, unknown>>(SYNC_ENTITIES.map((e) => [e.entity, new Map()]));
  for (const event of events.slice(from)) {
    if (event.tenantId !== tenantId) continue;
    const [, entity, verb] = event.type.split('.');
    const target = byEntity.get(entity!);
    if (!target) continue;
    expectContract(event);
    const data = event.data as Record<string, unknown>;
    if (verb === 'upserted') {
      const key = SYNC_ENTITIES.find((e) => e.entity === entity)!.batchKey;
      for (const record of data[key] as Array<{ qbId: string }>) target.set(record.qbId, record);
    } else {
      for (const id of data.qbIds as string[]) target.delete(id);
    }
  }
  return byEntity;
}

describe('sync', () => {
  let h: Harness;
  let realmId: string;
  const tenant = newTenant('sync');

  const sandboxCounts = (): Counts => h.sandbox.admin.companies().find((c) => c.realmId === realmId)!.counts;
  const mirrorCounts = async (): Promise<Counts> => {
    const rows = await h.db.knex('qbo_documents').where({ tenant_id: tenant }).groupBy('entity').select('entity').count('* as n');
    return Object.fromEntries((rows as Array<{ entity: string; n: number | string }>).map((r) => [r.entity, Number(r.n)]));
  };
  /** A run of the whole company, or from the cursor, answered when it ends. */
  const syncRun = async (mode?: 'full') => answered(await h.route(tenant, 'post /api/quickbooks/sync', { query: { mode, wait: 'true' } }), 200);
  const customersRun = async () => answered(await h.route(tenant, 'post /api/sync/customers', { query: { wait: 'true' } }), 200);
  const latestRun = async () => answered(await h.route(tenant, 'get /api/quickbooks/sync/runs/latest', {}), 200);
  const completedRun = (runId: string) =>
    waitFor(() => {
      const event = h.events.find((e) => e.type === 'accounting.sync.completed' && (e.data as { runId: string }).runId === runId);
      expect(event).toBeDefined();
      return event!;
    });

  beforeAll(async () => {
    h = await startHarness({ sandbox: { companies: [{ seed: 7, scale: 16, companyName: 'Sync Test Print Co' }] } });
    realmId = h.sandbox.admin.companies()[0]!.realmId;
    await h.connect(tenant);
  });

  afterAll(async () => {
    await h.stop();
  });

  it('completes a full sync through throttling, 5xx and an expired token with exactly the sandbox data', async () => {
    h.sandbox.admin.injectFault({ realmId, kind: '429', count: 3 });
    h.sandbox.admin.injectFault({ realmId, kind: '5xx', count: 2, status: 503 });
    h.sandbox.admin.expireTokens(realmId);
    const run = await syncRun('full');
    expect(run).toMatchObject({ status: 'completed', kind: 'full', error: null });
    expect(run.progress.done).toBe(run.progress.total);

    const expected = sandboxCounts();
    expect(await mirrorCounts()).toEqual(expected);
    const completed = await completedRun(run.runId);
    const byEntity = published(h.events, tenant);
    for (const entity of SYNC_ENTITIES) {
      expect(byEntity.get(entity.entity)!.size).toBe(expected[entity.qboName]);
      expect((completed.data as { counts: Counts }).counts[entity.entity]).toBe(expected[entity.qboName]);
    }
    expect(await latestRun()).toMatchObject({ runId: run.runId, status: 'completed' });
  });

  it("publishes the broker's CompanyInfo (name, address, phone, e-mail) with each full sync, for the documents' letterhead", async () => {
    const from = h.events.length;
    const run = await syncRun('full');
    expect(run.status).toBe('completed');
    await completedRun(run.runId);
    const company = h.events.slice(from).filter((e) => e.type === 'accounting.company.updated' && e.tenantId === tenant);
    expect(company).toHaveLength(1);
    expectContract(company[0]!);
    // The seeded company's CompanyInfo (infra/qbo-sandbox/src/seed/generate.ts), in Intuit's shape.
    expect(company[0]!.data).toMatchObject({ realmId, companyName: 'Sync Test Print Co', legalName: 'Sync Test Print Co LLC' });
    const data = company[0]!.data as { address: { line1: string | null; city: string | null } | null; phone: string | null; email: string | null };
    expect(data.address?.line1).toEqual(expect.any(String));
    expect(data.address?.city).toEqual(expect.any(String));
    expect(data.phone).toMatch(/\d{3}.*\d{4}/);
    expect(data.email).toMatch(/^office@/);
  });

  it('changes nothing when run again', async () => {
    const rowsBefore = await h.db.knex('qbo_documents').where({ tenant_id: tenant }).count('* as n').first();
    const first = published(h.events, tenant);
    const from = h.events.length;
    const run = await syncRun('full');
    expect(run.status).toBe('completed');
    await completedRun(run.runId);
    const rowsAfter = await h.db.knex('qbo_documents').where({ tenant_id: tenant }).count('* as n').first();
    expect(Number(rowsAfter!.n)).toBe(Number(rowsBefore!.n));
    expect(published(h.events, tenant, from)).toEqual(first);
    expect(h.events.slice(from).some((e) => e.type.endsWith('.deleted'))).toBe(false);
  });

  it('runs incrementally from the CDC cursor after a full run', async () => {
    const customerId = '3';
    const estimate = await h.db.knex('qbo_documents').where({ tenant_id: tenant, entity: 'Estimate' }).orderBy('qb_id').first();
    h.sandbox.admin.update(realmId, 'Customer', customerId, { DisplayName: 'Renamed Print Buyer' });
    h.sandbox.admin.delete(realmId, 'Estimate', estimate.qb_id);
    const from = h.events.length;
    const run = await syncRun();
    expect(run).toMatchObject({ status: 'completed', kind: 'incremental' });
    await completedRun(run.runId);
    const upserted = h.events.slice(from).find((e) => e.type === 'accounting.customer.upserted');
    expect((upserted!.data as { customers: Array<{ qbId: string; displayName: string }> }).customers).toContainEqual(
      expect.objectContaining({ qbId: customerId, displayName: 'Renamed Print Buyer' }),
    );
    const deleted = h.events.slice(from).find((e) => e.type === 'accounting.estimate.deleted');
    expect(deleted!.data).toEqual({ realmId, qbIds: [estimate.qb_id], revision: expect.any(Number) });
    expect(await mirrorCounts()).toEqual(sandboxCounts());
  });

  it('publishes records that disappeared from QBO as deleted after a full listing', async () => {
    const po = await h.db.knex('qbo_documents').where({ tenant_id: tenant, entity: 'PurchaseOrder' }).orderBy('qb_id', 'desc').first();
    h.sandbox.admin.delete(realmId, 'PurchaseOrder', po.qb_id);
    const from = h.events.length;
    const run = await syncRun('full');
    expect(run.status).toBe('completed');
    await completedRun(run.runId);
    const deleted = h.events.slice(from).filter((e) => e.type === 'accounting.purchase-order.deleted');
    expect(deleted.map((e) => e.data)).toEqual([{ realmId, qbIds: [po.qb_id], revision: expect.any(Number) }]);
    expect(await mirrorCounts()).toEqual(sandboxCounts());
  });

  it('resumes a run that failed mid-way without duplicates', async () => {
    // More 5xx than the client retries: the run fails on its first request.
    h.sandbox.admin.injectFault({ realmId, kind: '5xx', count: 6 });
    const failed = await customersRun();
    expect(failed).toMatchObject({ status: 'failed', kind: 'customers' });
    expect(failed.error).toMatch(/QuickBooks 500/);
    const resumed = await customersRun();
    expect(resumed).toMatchObject({ status: 'completed', kind: 'customers' });
    expect(resumed.progress.byEntity).toEqual({ customer: { done: sandboxCounts().Customer, total: sandboxCounts().Customer } });
    expect(await mirrorCounts()).toEqual(sandboxCounts());
  });

  it('answers 202 with a run id and reports progress while running in the background', async () => {
    const started = answered(await h.route(tenant, 'post /api/sync/items', {}), 202);
    await completedRun(started.runId);
    expect(await latestRun()).toMatchObject({ runId: started.runId, kind: 'items', status: 'completed', progress: { done: sandboxCounts().Item } });
  });

  it('refuses a webhook with a bad signature', async () => {
    const body = JSON.stringify({ eventNotifications: [{ realmId, dataChangeEvent: { entities: [{ name: 'Item', id: '1', operation: 'Update' }] } }] });
    const refused = await fetch(`${h.syncUrl}/api/quickbooks/webhook`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'intuit-signature': 'bm90IGEgc2lnbmF0dXJl' },
    });
    expect(refused.status).toBe(401);
    const unsigned = await fetch(`${h.syncUrl}/api/quickbooks/webhook`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(unsigned.status).toBe(401);
  });

  it('applies a signed webhook: fetches the changed records and publishes them', async () => {
    const from = h.events.length;
    h.sandbox.admin.update(realmId, 'Item', '2', { Name: 'Webhook Renamed Item', UnitPrice: 1.25 });
    const created = h.sandbox.admin.create(realmId, 'Customer', { DisplayName: 'Brand New Webhook Customer' });
    await h.sandbox.admin.flushWebhooks();
    const completed = await waitFor(() => {
      const event = h.events.slice(from).find((e) => e.type === 'accounting.sync.completed' && (e.data as { kind: string }).kind === 'webhook');
      expect(event).toBeDefined();
      return event!;
    });
    expect((completed.data as { counts: Counts }).counts).toMatchObject({ item: 1, customer: 1 });
    const items = published(h.events, tenant, from).get('item')!;
    expect(items.get('2')).toMatchObject({ name: 'Webhook Renamed Item', unitPrice: 1.25 });
    expect(published(h.events, tenant, from).get('customer')!.get(String(created.Id))).toMatchObject({ displayName: 'Brand New Webhook Customer' });
    expect(await mirrorCounts()).toEqual(sandboxCounts());
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import type { EventEnvelope } from '@printpool/contracts';
import { waitFor } from '@printpool/service-kit/testing';
import { answered, expectContract, newTenant, startHarness, WEBHOOK_VERIFIER, type Harness } from './support.js';

type Counts = Record<string, number>;

/** A CloudEvents 1.0 event as Intuit sends one since 2026. */
const cloudEvent = (type: string, entityId: string, realmId: string, data?: Record<string, string>) => ({
  specversion: '1.0',
  id: `${crypto.randomUUID()}-${entityId}`,
  source: 'intuit.dGVzdC1hcHA=',
  type,
  time: new Date().toISOString(),
  intuitentityid: entityId,
  intuitaccountid: realmId,
  ...(data ? { datacontenttype: 'application/json', data } : {}),
});

async function post(h: Harness, body: unknown, { verifier = WEBHOOK_VERIFIER, contentType = 'application/json' } = {}): Promise<number> {
  const raw = JSON.stringify(body);
  const signature = createHmac('sha256', verifier).update(raw).digest('base64');
  const response = await fetch(`${h.syncUrl}/api/quickbooks/webhook`, {
    method: 'POST',
    body: raw,
    headers: { 'content-type': contentType, 'intuit-signature': signature },
  });
  await response.arrayBuffer();
  return response.status;
}

/** The first webhook run completed after `from`, with the tenant's events up to it. */
async function webhookRun(h: Harness, tenantId: string, from: number): Promise<{ counts: Counts; events: EventEnvelope[] }> {
  return waitFor(() => {
    const events = h.events.slice(from).filter((e) => e.tenantId === tenantId);
    const at = events.findIndex((e) => e.type === 'accounting.sync.completed' && (e.data as { kind: string }).kind === 'webhook');
    expect(at).toBeGreaterThanOrEqual(0);
    for (const event of events.slice(0, at + 1)) expectContract(event);
    return { counts: (events[at]!.data as { counts: Counts }).counts, events: events.slice(0, at) };
  });
}

function upserted<T>(events: EventEnvelope[], type: string, key: string, qbId: string): T | undefined {
  const records = events.filter((e) => e.type === type).flatMap((e) => (e.data as Record<string, Array<{ qbId: string }>>)[key]!);
  return records.find((record) => record.qbId === qbId) as T | undefined;
}

const deletedIds = (events: EventEnvelope[], type: string) => events.filter((e) => e.type === type).flatMap((e) => (e.data as { qbIds: string[] }).qbIds);

describe('webhook formats, as Intuit posts them', () => {
  let h: Harness;
  let realmId: string;
  const tenant = newTenant('webhook-formats');
  const realm = () => h.sandbox.store.realm(realmId)!;

  beforeAll(async () => {
    // The sandbox's own deliveries are off: each test posts the body it is about.
    h = await startHarness({ sandbox: { webhook: undefined, companies: [{ seed: 31, scale: 0.5, companyName: 'Webhook Formats Print Co' }] } });
    realmId = h.sandbox.admin.companies()[0]!.realmId;
    await h.connect(tenant);
    expect(answered(await h.route(tenant, 'post /api/sync/customers', { query: { wait: 'true' } }), 200)).toMatchObject({ status: 'completed' });
  });
  afterAll(async () => {
    await h.stop();
  });

  it('applies a signed CloudEvents array: qbo.estimate.updated.v1 fetches the estimate and publishes it', async () => {
    const estimate = realm().tables.Estimate.byId.find((r) => r.data.TxnStatus !== 'Rejected')!.data;
    h.sandbox.admin.setEstimateStatus(realmId, estimate.Id, 'Rejected');
    const from = h.events.length;
    expect(await post(h, [cloudEvent('qbo.estimate.updated.v1', estimate.Id, realmId)])).toBe(200);
    const run = await webhookRun(h, tenant, from);
    expect(run.counts).toEqual({ estimate: 1 });
    expect(upserted(run.events, 'accounting.estimate.upserted', 'estimates', estimate.Id)).toMatchObject({ txnStatus: 'Rejected' });
    const mirrored = await h.db.knex('qbo_documents').where({ tenant_id: tenant, entity: 'Estimate', qb_id: estimate.Id }).first();
    expect(mirrored).toBeDefined();
  });

  it('reads a CloudEvents batch whatever JSON content type labels it', async () => {
    const item = realm().tables.Item.byId.find((r) => r.data.Active !== false)!.data;
    h.sandbox.admin.update(realmId, 'Item', item.Id, { UnitPrice: 7.75 });
    const from = h.events.length;
    expect(await post(h, [cloudEvent('qbo.item.updated.v1', item.Id, realmId)], { contentType: 'application/cloudevents-batch+json' })).toBe(200);
    const run = await webhookRun(h, tenant, from);
    expect(upserted(run.events, 'accounting.item.upserted', 'items', item.Id)).toMatchObject({ unitPrice: 7.75 });
  });

  it('still applies the legacy eventNotifications body', async () => {
    const vendor = realm().tables.Vendor.byId.find((r) => r.data.Active !== false)!.data;
    h.sandbox.admin.update(realmId, 'Vendor', vendor.Id, { DisplayName: 'Legacy Webhook Vendor' });
    const from = h.events.length;
    const body = {
      eventNotifications: [
        { realmId, dataChangeEvent: { entities: [{ name: 'Vendor', id: vendor.Id, operation: 'Update', lastUpdated: new Date().toISOString() }] } },
      ],
    };
    expect(await post(h, body)).toBe(200);
    const run = await webhookRun(h, tenant, from);
    expect(run.counts).toEqual({ vendor: 1 });
    expect(upserted(run.events, 'accounting.vendor.upserted', 'vendors', vendor.Id)).toMatchObject({ displayName: 'Legacy Webhook Vendor' });
  });

  it('applies a merge: the merged-away record is published as deleted and leaves the mirror, the survivor is fetched again', async () => {
    const [fromId, intoId] = realm()
      .tables.Customer.byId.filter((r) => r.data.Active !== false)
      .slice(0, 2)
      .map((r) => r.data.Id);
    h.sandbox.admin.merge(realmId, 'Customer', fromId!, intoId!);
    const from = h.events.length;
    expect(await post(h, [cloudEvent('qbo.customer.merged.v1', intoId!, realmId, { deletedid: fromId! })])).toBe(200);
    const run = await webhookRun(h, tenant, from);
    expect(run.counts).toEqual({ customer: 1, deleted: 1 });
    expect(deletedIds(run.events, 'accounting.customer.deleted')).toEqual([fromId]);
    expect(upserted(run.events, 'accounting.customer.upserted', 'customers', intoId!)).toMatchObject({ qbId: intoId, active: true });
    expect(upserted(run.events, 'accounting.customer.upserted', 'customers', fromId!)).toBeUndefined();
    const mirrored = await h.db.knex('qbo_documents').where({ tenant_id: tenant, entity: 'Customer' }).whereIn('qb_id', [fromId!, intoId!]).pluck('qb_id');
    expect(mirrored).toEqual([intoId]);
  });

  it('applies a legacy Merge the same way', async () => {
    const [fromId, intoId] = realm()
      .tables.Item.byId.filter((r) => r.data.Active !== false)
      .slice(0, 2)
      .map((r) => r.data.Id);
    h.sandbox.admin.merge(realmId, 'Item', fromId!, intoId!);
    const from = h.events.length;
    const entities = [{ name: 'Item', id: intoId, operation: 'Merge', deletedId: fromId, lastUpdated: new Date().toISOString() }];
    expect(await post(h, { eventNotifications: [{ realmId, dataChangeEvent: { entities } }] })).toBe(200);
    const run = await webhookRun(h, tenant, from);
    expect(deletedIds(run.events, 'accounting.item.deleted')).toEqual([fromId]);
    expect(upserted(run.events, 'accounting.item.upserted', 'items', intoId!)).toMatchObject({ qbId: intoId });
  });

  it('refuses a bad, foreign or missing signature with 401', async () => {
    const body = [cloudEvent('qbo.estimate.updated.v1', '1', realmId)];
    const raw = JSON.stringify(body);
    expect(await post(h, body, { verifier: 'someone-else' })).toBe(401);
    const tampered = await fetch(`${h.syncUrl}/api/quickbooks/webhook`, {
      method: 'POST',
      body: raw.replace('"1"', '"2"'),
      headers: { 'content-type': 'application/json', 'intuit-signature': createHmac('sha256', WEBHOOK_VERIFIER).update(raw).digest('base64') },
    });
    expect(tampered.status).toBe(401);
    const unsigned = await fetch(`${h.syncUrl}/api/quickbooks/webhook`, { method: 'POST', body: raw, headers: { 'content-type': 'application/json' } });
    expect(unsigned.status).toBe(401);
  });

  it('answers 200 to event types it does not use and applies nothing for them', async () => {
    const from = h.events.length;
    expect(
      await post(h, [
        cloudEvent('qbo.invoice.created.v1', '5', realmId),
        cloudEvent('qbo.estimate.emailed.v1', '1', realmId),
        cloudEvent('qbo.estimate.updated.v9', '1', realmId),
      ]),
    ).toBe(200);
    expect(await post(h, { something: 'else' })).toBe(200);
    // A known event afterwards: its run is the only one since `from`, so the ignored ones started none.
    const item = realm().tables.Item.byId.find((r) => r.data.Active !== false)!.data;
    expect(await post(h, [cloudEvent('qbo.invoice.updated.v1', '6', realmId), cloudEvent('qbo.item.updated.v1', item.Id, realmId)])).toBe(200);
    const run = await webhookRun(h, tenant, from);
    expect(run.counts).toEqual({ item: 1 });
    const runs = h.events.slice(from).filter((e) => e.tenantId === tenant && e.type === 'accounting.sync.completed');
    expect(runs).toHaveLength(1);
  });
});

describe('the sandbox notifying svc-sync in CloudEvents', () => {
  let h: Harness;
  let realmId: string;
  const tenant = newTenant('webhook-merge');

  beforeAll(async () => {
    h = await startHarness({ sandbox: { companies: [{ seed: 32, scale: 0.5, companyName: 'Merge Print Co' }] } });
    realmId = h.sandbox.admin.companies()[0]!.realmId;
    await h.connect(tenant);
  });
  afterAll(async () => {
    await h.stop();
  });

  it('carries a vendor merge from the admin API to accounting events', async () => {
    const [fromId, intoId] = h.sandbox.store
      .realm(realmId)!
      .tables.Vendor.byId.filter((r) => r.data.Active !== false)
      .slice(0, 2)
      .map((r) => r.data.Id);
    await h.sandbox.admin.flushWebhooks();
    const from = h.events.length;
    h.sandbox.admin.merge(realmId, 'Vendor', fromId!, intoId!);
    await h.sandbox.admin.flushWebhooks();
    const run = await waitFor(async () => {
      const found = await webhookRun(h, tenant, from);
      expect(deletedIds(found.events, 'accounting.vendor.deleted')).toEqual([fromId]);
      return found;
    });
    expect(upserted(run.events, 'accounting.vendor.upserted', 'vendors', intoId!)).toMatchObject({ qbId: intoId });
  });
});

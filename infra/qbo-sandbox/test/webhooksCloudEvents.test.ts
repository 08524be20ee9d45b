import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { CLIENT, readJson, startSandbox, type Customer, type Estimate, type Running } from './support.js';
import { signedWith, startReceiver, type Receiver } from './webhooksReceiver.js';

const CLOUD_VERIFIER = 'cloud-app-verifier';
const LEGACY_VERIFIER = 'legacy-app-verifier';
const LEGACY_CLIENT = { clientId: 'ABlegacyclient', clientSecret: 'legacy-secret', redirectUris: ['http://localhost:9998/callback'] };

/** A CloudEvents event as an app reads it. */
interface CloudEvent {
  specversion: string;
  id: string;
  source: string;
  type: string;
  time: string;
  intuitentityid: string;
  intuitaccountid: string;
  datacontenttype?: string;
  data?: { deletedid?: string };
}

interface LegacyBody {
  eventNotifications: { realmId: string; dataChangeEvent: { entities: { name: string; id: string; operation: string; deletedId?: string }[] } }[];
}

let cloud: Receiver;
let legacy: Receiver;
let running: Running;

beforeAll(async () => {
  cloud = await startReceiver();
  legacy = await startReceiver();
  // Long enough that each test's changes go out together, when it flushes.
  const timing = { batchMs: 10_000, retryDelaysMs: [20] };
  running = await startSandbox({
    scale: 0.2,
    clients: [
      // No format: what a new app at Intuit gets.
      { ...CLIENT, webhook: { url: cloud.url, verifierToken: CLOUD_VERIFIER, ...timing } },
      { ...LEGACY_CLIENT, webhook: { url: legacy.url, verifierToken: LEGACY_VERIFIER, format: 'legacy', ...timing } },
    ],
  });
});
afterAll(async () => {
  await running.stop();
  await cloud.close();
  await legacy.close();
});
beforeEach(() => {
  cloud.deliveries.length = 0;
  legacy.deliveries.length = 0;
});

const realm = () => running.sandbox.store.realm(running.realmId)!;
const activeIds = (entity: 'Customer' | 'Estimate') =>
  realm()
    .tables[entity].byId.filter((r) => r.data.Active !== false)
    .map((r) => r.data.Id);
const cloudEvents = (): CloudEvent[] => cloud.deliveries.flatMap((delivery) => JSON.parse(delivery.body) as CloudEvent[]);

describe('webhooks per app', () => {
  it('sends an app on CloudEvents one signed JSON array of typed events, and a legacy app its old body', async () => {
    const { sandbox, realmId } = running;
    const estimateId = activeIds('Estimate')[0]!;
    sandbox.admin.setEstimateStatus(realmId, estimateId, 'Accepted');
    const created = await readJson<{ Customer: Customer }>(
      await running.api('/customer', { method: 'POST', body: JSON.stringify({ DisplayName: 'CloudEvents Co' }) }),
    );
    const purchaseOrderId = realm().tables.PurchaseOrder.byId[0]!.data.Id;
    sandbox.admin.delete(realmId, 'PurchaseOrder', purchaseOrderId);
    await sandbox.admin.flushWebhooks();

    expect(cloud.deliveries).toHaveLength(1);
    const [delivery] = cloud.deliveries;
    expect(signedWith(CLOUD_VERIFIER, delivery!)).toBe(true);
    expect(signedWith(LEGACY_VERIFIER, delivery!)).toBe(false);
    expect(delivery!.headers['content-type']).toMatch(/^application\/json/);
    const events = JSON.parse(delivery!.body) as CloudEvent[];
    expect(Array.isArray(events)).toBe(true);
    expect(events.map((e) => [e.type, e.intuitentityid])).toEqual([
      ['qbo.estimate.updated.v1', estimateId],
      ['qbo.customer.created.v1', created.Customer.Id],
      ['qbo.purchaseorder.deleted.v1', purchaseOrderId],
    ]);
    for (const event of events) {
      expect(event).toMatchObject({ specversion: '1.0', intuitaccountid: realmId, source: expect.stringMatching(/^intuit\./) });
      expect(new Date(event.time).toISOString()).toBe(event.time);
      expect(event.data).toBeUndefined();
    }
    expect(new Set(events.map((e) => e.id)).size).toBe(3);

    expect(legacy.deliveries).toHaveLength(1);
    expect(signedWith(LEGACY_VERIFIER, legacy.deliveries[0]!)).toBe(true);
    const body = JSON.parse(legacy.deliveries[0]!.body) as LegacyBody;
    expect(body.eventNotifications[0]!.realmId).toBe(realmId);
    expect(body.eventNotifications[0]!.dataChangeEvent.entities.map((e) => [e.name, e.id, e.operation])).toEqual([
      ['Estimate', estimateId, 'Update'],
      ['Customer', created.Customer.Id, 'Create'],
      ['PurchaseOrder', purchaseOrderId, 'Delete'],
    ]);
  });

  it('reports a merge once, on the surviving record, naming the merged-away one; references move to the survivor', async () => {
    const { sandbox, realmId, baseUrl } = running;
    // QBO merges only active names of one currency: both are active dollar customers (the seed has an inactive one and a Canadian one).
    const customer = (id: string) => realm().tables.Customer.get(Number(id))!.data;
    const mergeable = (id: string) => customer(id).Active !== false && (customer(id).CurrencyRef as { value: string }).value === 'USD';
    const estimate = realm().tables.Estimate.byId.find((r) => mergeable((r.data as unknown as Estimate).CustomerRef.value))!.data as unknown as Estimate;
    const fromId = estimate.CustomerRef.value;
    const intoId = activeIds('Customer').find((id) => id !== fromId && mergeable(id))!;
    const response = await fetch(`${baseUrl}/admin/companies/${realmId}/customers/${fromId}/merge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ intoId }),
    });
    expect(response.status).toBe(200);
    const merged = await readJson<{ into: Customer; from: Customer }>(response);
    expect(merged.from).toMatchObject({ Id: fromId, Active: false });
    expect(merged.into.Id).toBe(intoId);
    const moved = sandbox.store.get(realm(), 'Estimate', estimate.Id)!.data as unknown as Estimate;
    expect(moved.CustomerRef.value).toBe(intoId);
    await sandbox.admin.flushWebhooks();

    const customerEvents = cloudEvents().filter((e) => e.type.startsWith('qbo.customer.'));
    expect(customerEvents).toEqual([
      expect.objectContaining({ type: 'qbo.customer.merged.v1', intuitentityid: intoId, datacontenttype: 'application/json', data: { deletedid: fromId } }),
    ]);
    expect(cloudEvents()).toContainEqual(expect.objectContaining({ type: 'qbo.estimate.updated.v1', intuitentityid: estimate.Id }));
    const entities = (JSON.parse(legacy.deliveries[0]!.body) as LegacyBody).eventNotifications[0]!.dataChangeEvent.entities;
    expect(entities.filter((e) => e.name === 'Customer')).toEqual([expect.objectContaining({ id: intoId, operation: 'Merge', deletedId: fromId })]);
  });

  it('refuses merges QBO refuses: transactions, a record into itself, an inactive record', async () => {
    const { realmId, baseUrl } = running;
    const merge = (entity: string, from: string, intoId: string) =>
      fetch(`${baseUrl}/admin/companies/${realmId}/${entity}/${from}/merge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ intoId }),
      });
    const [a, b] = activeIds('Estimate');
    expect((await merge('estimates', a!, b!)).status).toBe(400);
    const [c] = activeIds('Customer');
    expect((await merge('customers', c!, c!)).status).toBe(400);
    const inactive = realm().tables.Customer.byId.find((r) => r.data.Active === false)!.data.Id;
    expect((await merge('customers', inactive, c!)).status).toBe(400);
    await running.sandbox.admin.flushWebhooks();
    expect(cloud.deliveries).toHaveLength(0);
  });
});

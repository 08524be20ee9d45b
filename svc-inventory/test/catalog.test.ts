import { createEvent } from '@printpool/contracts';
import { waitFor } from '@printpool/service-kit/testing';
import { qbTime, startInventory, type TestInventory } from './support/service.js';

const customer = (qbId: string, displayName: string, email: string | null) => ({
  qbId,
  displayName,
  companyName: null,
  email,
  phone: '(512) 555-0100',
  billAddress: { line1: '1 Main St', line2: null, city: 'Austin', region: 'TX', postalCode: '78701', country: 'US' },
  shipAddress: null,
  active: true,
  qbUpdatedAt: qbTime(),
});
const item = (qbId: string, name: string, sku: string) => ({
  qbId,
  name,
  sku,
  description: `${name} stock`,
  unitPrice: 0.25,
  type: 'Inventory',
  active: true,
  qbUpdatedAt: qbTime(),
});

const vendor = (qbId: string, displayName: string) => ({
  qbId,
  displayName,
  companyName: displayName,
  email: null,
  phone: null,
  fax: null,
  address: null,
  active: true,
  qbUpdatedAt: qbTime(),
});

let inv: TestInventory;
beforeAll(async () => {
  inv = await startInventory();
});
afterAll(() => inv.close());

describe('catalog', () => {
  it('imports customers from the bus and lists them with a one-line address, searched and paged', async () => {
    await inv.bus.publish(
      createEvent('accounting.customer.upserted', 't-cat', {
        realmId: 'r',
        customers: [
          customer('1', 'Acme Marketing', 'buyer@acme.test'),
          customer('2', 'Blue Dog Cafe', 'owner@bluedog.test'),
          customer('3', 'Acme Events', null),
        ],
      }),
    );
    const all = await waitFor(async () => {
      const res = await inv.api('t-cat').get('/api/customers').expect(200);
      // The page and its total are two reads; wait until both see the whole import.
      expect(res.body).toHaveLength(3);
      expect(res.headers['x-total-count']).toBe('3');
      return res;
    });
    expect(all.body[0]).toEqual({
      id: expect.any(Number),
      name: 'Acme Events',
      fullName: 'Acme Events',
      parentQbId: null,
      currency: null,
      email: null,
      phone: '(512) 555-0100',
      address: '1 Main St, Austin, TX 78701, US',
      syncedAt: expect.any(String),
    });
    const searched = await inv.api('t-cat').get('/api/customers?search=bluedog').expect(200);
    expect(searched.body.map((c: { name: string }) => c.name)).toEqual(['Blue Dog Cafe']);
    const page = await inv.api('t-cat').get('/api/customers?search=acme&limit=1&offset=1').expect(200);
    expect(page.headers['x-total-count']).toBe('2');
    expect(page.body.map((c: { name: string }) => c.name)).toEqual(['Acme Marketing']);
  });

  it('keeps one row per QuickBooks id, ignores an older version and removes deleted ones', async () => {
    const fresh = item('10', 'Gloss Flyer', 'FLY-G');
    await inv.deliver(createEvent('accounting.item.upserted', 't-items', { realmId: 'r', items: [fresh, item('11', 'Matte Card', 'CARD-M')] }));
    await inv.deliver(
      createEvent('accounting.item.upserted', 't-items', {
        realmId: 'r',
        items: [{ ...fresh, name: 'Gloss Flyer 100lb', purchaseCost: 0.1125, qbUpdatedAt: qbTime() }],
      }),
    );
    await inv.deliver(
      createEvent('accounting.item.upserted', 't-items', { realmId: 'r', items: [{ ...fresh, name: 'Stale name', qbUpdatedAt: '2020-01-01T00:00:00Z' }] }),
    );
    const res = await inv.api('t-items').get('/api/items?search=fly').expect(200);
    expect(res.body).toEqual([
      {
        id: expect.any(Number),
        qbId: '10',
        name: 'Gloss Flyer 100lb',
        fullName: 'Gloss Flyer 100lb',
        parentQbId: null,
        sku: 'FLY-G',
        description: 'Gloss Flyer stock',
        unitPrice: 0.25,
        // What it costs the broker, as QuickBooks' newer version has it.
        purchaseCost: 0.1125,
        virtualInventory: 0,
        syncedAt: expect.any(String),
      },
    ]);
    await inv.deliver(createEvent('accounting.item.deleted', 't-items', { realmId: 'r', qbIds: ['11'] }));
    const left = await inv.api('t-items').get('/api/items').expect(200);
    expect(left.body.map((i: { qbId: string }) => i.qbId)).toEqual(['10']);
    expect((await inv.api('someone-else').get('/api/items').expect(200)).body).toEqual([]);
  });

  it('announces each applied batch as inventory.catalog.changed for its tenant, deletions too', async () => {
    await inv.deliver(
      createEvent('accounting.customer.upserted', 't-live', { realmId: 'r', customers: [customer('20', 'Live One', null), customer('21', 'Live Two', null)] }),
    );
    await inv.deliver(createEvent('accounting.vendor.upserted', 't-live', { realmId: 'r', vendors: [vendor('30', 'Pinnacle Press')] }));
    await inv.deliver(createEvent('accounting.customer.deleted', 't-live', { realmId: 'r', qbIds: ['21', 'never-synced'] }));
    const announced = await waitFor(() => {
      const found = inv.published.filter((e) => e.type === 'inventory.catalog.changed' && e.tenantId === 't-live');
      expect(found).toHaveLength(3);
      return found;
    });
    const revision = expect.any(Number) as unknown as number;
    expect(announced.map((e) => e.data)).toEqual([
      { entity: 'customer', count: 2, revision },
      { entity: 'vendor', count: 1, revision },
      { entity: 'customer', count: 1, revision },
    ]);
    // The customers' later batch has the larger revision, so a subscriber applies them in that order.
    const [first, , last] = announced.map((e) => (e.data as { revision: number }).revision);
    expect(last).toBeGreaterThan(first!);
  });

  it('refuses calls without the internal token', async () => {
    const request = (await import('supertest')).default;
    await request(inv.instance.app.callback()).get('/api/items').expect(401);
  });
});

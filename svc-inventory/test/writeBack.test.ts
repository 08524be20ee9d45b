import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@printpool/service-kit/testing';
import request from 'supertest';
import { estimate, estimateEvent, line, poEvent, purchaseOrder, startInventory, type TestInventory } from './support/service.js';

const T = 't-write-back';
let inv: TestInventory;
let soId: number;

beforeAll(async () => {
  inv = await startInventory();
  await inv.deliver(poEvent(T, [purchaseOrder('1', 'PO-1-BL', [line('1', 'flyer', 500)])]));
  await inv.deliver(estimateEvent(T, [estimate('50', 'EST-50-BL', [line('1', 'flyer', 200, 0.1)], { syncToken: '3' })]));
  soId = (await inv.api(T).get('/api/sales-orders').expect(200)).body[0].id;
});
afterAll(() => inv.close());

const record = (tenantId: string, body: object, id: number | string = soId) =>
  inv.api(tenantId, 'svc-sync').post(`/api/internal/sales-orders/${id}/sync-result`, body);
const syncChanges = () =>
  inv.published.filter((e) => e.tenantId === T && e.type === 'inventory.sales-order.changed').map((e) => e.data as { syncStatus: string; syncToken: string });

describe('POST /api/internal/sales-orders/:id/sync-result', () => {
  it('records syncing, then synced with the estimate SyncToken QuickBooks answered, and publishes the change', async () => {
    const syncing = await record(T, { syncStatus: 'syncing' }).expect(200);
    expect(syncing.body).toMatchObject({ id: soId, syncStatus: 'syncing', syncError: null, qbId: '50' });
    const synced = await record(T, { syncStatus: 'synced', syncError: null, syncToken: '4' }).expect(200);
    expect(synced.body).toMatchObject({ syncStatus: 'synced', syncError: null, qbId: '50' });
    expect((await inv.api(T).get(`/api/sales-orders/${soId}`).expect(200)).body.syncStatus).toBe('synced');
    await waitFor(() => expect(syncChanges().at(-1)).toMatchObject({ syncStatus: 'synced', syncToken: '4' }));
  });

  it('keeps the reason of a failure until the next attempt starts', async () => {
    const failed = await record(T, { syncStatus: 'error', syncError: 'Stale Object Error' }).expect(200);
    expect(failed.body).toMatchObject({ syncStatus: 'error', syncError: 'Stale Object Error' });
    expect((await record(T, { syncStatus: 'syncing' }).expect(200)).body.syncError).toBeNull();
  });

  it('gives a manual order the id of the estimate created for it', async () => {
    const manual = await inv.db
      .knex('sales_orders')
      .insert({ tenant_id: T, so_number: 'SO-M-1', customer_name: 'Acme Marketing', status: 'pending', sync_status: 'pending' })
      .returning('id');
    const id = Number(manual[0].id);
    const res = await record(T, { syncStatus: 'synced', qbId: '77', syncToken: '0' }, id).expect(200);
    expect(res.body).toMatchObject({ id, qbId: '77', syncStatus: 'synced' });
  });

  it("answers 404 for another tenant's order or a non-numeric id, and changes nothing", async () => {
    const before = (await inv.api(T).get(`/api/sales-orders/${soId}`).expect(200)).body;
    await record('t-someone-else', { syncStatus: 'error', syncError: 'x' }).expect(404);
    await record(T, { syncStatus: 'synced' }, 'abc').expect(404);
    expect((await inv.api(T).get(`/api/sales-orders/${soId}`).expect(200)).body).toEqual(before);
  });

  it('refuses an unknown status, and any call without the internal token', async () => {
    const res = await record(T, { syncStatus: 'pending' }).expect(400);
    expect(res.body.message).toMatch(/^syncStatus: /);
    await request(inv.instance.app.callback()).post(`/api/internal/sales-orders/${soId}/sync-result`).send({ syncStatus: 'synced' }).expect(401);
  });

  it('refuses a call the gateway made for a browser, so no forged result can point an order at another estimate', async () => {
    const before = (await inv.api(T).get(`/api/sales-orders/${soId}`).expect(200)).body;
    const refused = await inv.api(T).post(`/api/internal/sales-orders/${soId}/sync-result`, { syncStatus: 'synced', qbId: '999' }).expect(403);
    expect(refused.body).toEqual({ message: 'Only PrintPool services may call this route', code: 'FORBIDDEN' });
    await inv.api(T).post(`/api/internal/pull-tickets/1/mark-sent`).expect(403);
    expect((await inv.api(T).get(`/api/sales-orders/${soId}`).expect(200)).body).toEqual(before);
  });
});

describe('GET /api/internal/sales-orders/:id/estimate-edit', () => {
  const E = 't-estimate-edit';
  const edit = (id: number) => inv.api(E, 'svc-sync').get(`/api/internal/sales-orders/${id}/estimate-edit`);
  let id: number;

  beforeAll(async () => {
    await inv.deliver(poEvent(E, [purchaseOrder('1', 'PO-1-BL', [line('1', 'flyer', 90_000), line('2', 'card', 9_000)])]));
    const flyers = { ...line('3', 'flyer', 2100, 1.1595), amount: 2434.95 };
    await inv.deliver(
      estimateEvent(E, [
        estimate('60', 'EST-60-BL', [line('1', 'flyer', 3300, 0.0941), { ...line('2', 'card', 500, 0.0177), description: 'Gloss' }, flyers], {
          syncToken: '7',
        }),
      ]),
    );
    id = (await inv.api(E).get('/api/sales-orders').expect(200)).body[0].id;
  });

  it('keeps unit prices and line amounts exactly as QuickBooks has them', async () => {
    const so = (await inv.api(E).get(`/api/sales-orders/${id}`).expect(200)).body;
    expect(so.items.map((item: { unitPrice: number; totalPrice: number }) => [item.unitPrice, item.totalPrice])).toEqual([
      [0.0941, 310.53],
      [0.0177, 8.85],
      [1.1595, 2434.95],
    ]);
    expect(so.totalAmount).toBe('2754.33');
  });

  it('reports no change for an order saved unchanged', async () => {
    const so = (await inv.api(E).get(`/api/sales-orders/${id}`).expect(200)).body;
    await inv
      .api(E)
      .edit(`/api/sales-orders/${id}`, { ...so, items: JSON.stringify(so.items) })
      .expect(200);
    expect((await edit(id).expect(200)).body).toEqual({ salesOrderId: id, qbId: '60', syncToken: '7', customerEmail: null, lines: [] });
  });

  it('reports each field the broker changed against the value QuickBooks had, removed lines and added ones', async () => {
    const so = (await inv.api(E).get(`/api/sales-orders/${id}`).expect(200)).body;
    const [first, second] = so.items;
    const items = [
      { ...first, quantity: 3000 },
      { ...second, unitPrice: 0.02, description: 'Matte' },
      { lineId: null, itemId: 'card', quantity: 10, unitPrice: 0.5 },
    ];
    await inv
      .api(E)
      .edit(`/api/sales-orders/${id}`, { ...so, customerEmail: 'new@acme.test', items: JSON.stringify(items) })
      .expect(200);
    expect((await edit(id).expect(200)).body).toEqual({
      salesOrderId: id,
      qbId: '60',
      syncToken: '7',
      customerEmail: { from: 'buyer@acme.test', to: 'new@acme.test' },
      lines: [
        { kind: 'changed', lineId: '1', from: { quantity: 3300 }, to: { quantity: 3000 } },
        { kind: 'changed', lineId: '2', from: { unitPrice: 0.0177, description: 'Gloss' }, to: { unitPrice: 0.02, description: 'Matte' } },
        { kind: 'removed', lineId: '3', from: { itemId: 'flyer', quantity: 2100, unitPrice: 1.1595, description: null } },
        { kind: 'added', to: { itemId: 'card', quantity: 10, unitPrice: 0.5, description: null } },
      ],
    });
  });

  it('takes the estimate QuickBooks answered a write with as the new common ancestor', async () => {
    const written = estimate(
      '60',
      'EST-60-BL',
      [line('1', 'flyer', 3000, 0.0941), { ...line('2', 'card', 500, 0.02), description: 'Matte' }, line('4', 'card', 10, 0.5)],
      {
        syncToken: '8',
        customerEmail: 'new@acme.test',
        qbUpdatedAt: '2020-01-01T00:00:00Z',
      },
    );
    await inv
      .api(E, 'svc-sync')
      .post(`/api/internal/sales-orders/${id}/sync-result`, { syncStatus: 'synced', qbId: '60', syncToken: '8', estimate: written })
      .expect(200);
    expect((await edit(id).expect(200)).body).toMatchObject({ syncToken: '8', customerEmail: null, lines: [] });
    expect((await inv.api(E).get(`/api/sales-orders/${id}`).expect(200)).body.items.map((item: { lineId: string }) => item.lineId)).toEqual(['1', '2', '4']);
  });

  it('is for services only, and names what is missing for an order never synced', async () => {
    await inv.api(E).get(`/api/internal/sales-orders/${id}/estimate-edit`).expect(403);
    const manual = await inv.db
      .knex('sales_orders')
      .insert({ tenant_id: E, so_number: 'SO-M-2', customer_name: 'Acme Marketing', status: 'pending', sync_status: 'pending' })
      .returning('id');
    const res = await edit(Number(manual[0].id)).expect(409);
    expect(res.body).toMatchObject({ message: 'The sales order has no QuickBooks estimate yet', details: { field: 'qbId' } });
    await inv.api('t-someone-else', 'svc-sync').get(`/api/internal/sales-orders/${id}/estimate-edit`).expect(404);
  });
});

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

const record = (tenantId: string, body: object, id: number | string = soId) => inv.api(tenantId, 'svc-sync').post(`/api/internal/sales-orders/${id}/sync-result`, body);
const syncChanges = () => inv.published.filter((e) => e.tenantId === T && e.type === 'inventory.sales-order.changed').map((e) => e.data as { syncStatus: string; syncToken: string });

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
    const manual = await inv.db.knex('sales_orders').insert({ tenant_id: T, so_number: 'SO-M-1', customer_name: 'Acme Marketing', status: 'pending', sync_status: 'pending' }).returning('id');
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

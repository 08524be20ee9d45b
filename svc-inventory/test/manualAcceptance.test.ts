import { ACCEPT_FIRST, ACCEPTED_IN_QUICKBOOKS, NO_COVERING_PO, ONLY_OPEN_ORDERS_ACCEPTED } from '@printpool/domain';
import { reconcile } from '../src/index.js';
import { startDocumentsPeer, type DocumentsPeer } from './support/documentsPeer.js';
import { acceptedOrder, seedCatalog } from './support/pullTicketFixtures.js';
import { startInventory, type TestInventory } from './support/service.js';

// docs/product.md §4: a manual order is accepted in PrintPool, then released and shipped as an
// order accepted in QuickBooks is.

const T = 't-manual-accept';
let inv: TestInventory;
let documents: DocumentsPeer;
let bulkPoId: number;

beforeAll(async () => {
  documents = await startDocumentsPeer();
  inv = await startInventory({ DOCUMENTS_URL: documents.url });
  await seedCatalog(inv, T);
  bulkPoId = (await inv.api(T).get('/api/purchase-orders?search=PO-7001-BL').expect(200)).body[0].id;
});
afterAll(async () => {
  await inv.close();
  await documents.close();
});

interface Order {
  id: number;
  status: string;
  bulkPoId: number | null;
  syncStatus: string | null;
  version: string;
}

async function manualOrder(soNumber: string, items: object[], status = 'active', chosenPoId: number | null = bulkPoId): Promise<Order> {
  return (await inv.api(T).post('/api/sales-orders', { soNumber, customerName: 'Acme Marketing', status, bulkPoId: chosenPoId, items }).expect(201)).body;
}
const read = async (id: number): Promise<Order> => (await inv.api(T).get(`/api/sales-orders/${id}`).expect(200)).body;
const accept = (id: number, version: string, tenantId = T, role?: 'viewer') =>
  inv.api(tenantId, undefined, role).post(`/api/sales-orders/${id}/accept`).set('If-Match', `"${version}"`);
const flyers = (quantity: number) => [{ itemId: 'flyer', itemName: 'Flyer A5', quantity, unitPrice: 0.2 }];
const remaining = async () => (await inv.api(T).get(`/api/purchase-orders/${bulkPoId}`).expect(200)).body.quantityRemaining as number;

describe('accepting a manual order', () => {
  it('makes it processing on the bulk PO it holds, with a history entry, and it is released and shipped without QuickBooks', async () => {
    const order = await manualOrder('SO-ACC-1', flyers(400));
    const before = await remaining();
    const refused = await inv.api(T).post(`/api/sales-orders/${order.id}/create-pull-ticket`).expect(422);
    expect(refused.body.message).toBe(ACCEPT_FIRST);

    const res = await accept(order.id, order.version).expect(200);
    expect(res.body).toMatchObject({ id: order.id, status: 'processing', bulkPoId, qbId: null, syncStatus: 'pending' });
    expect(res.headers.etag).toBe(`"${res.body.version}"`);
    expect(await remaining()).toBe(before);
    const [entry] = (await inv.api(T).get(`/api/sales-orders/${order.id}/history`).expect(200)).body;
    expect(entry).toMatchObject({ action: 'Accepted', by: `user-of-${T}` });
    expect(entry.changes).toContainEqual({ field: 'Status', before: 'active', after: 'processing' });

    const ticket = (await inv.api(T).post(`/api/sales-orders/${order.id}/create-pull-ticket`).expect(201)).body;
    expect(ticket).toMatchObject({ soNumber: 'SO-ACC-1', bulkPoNumber: 'PO-7001-BL', vendorName: 'Pinnacle Press Inc.' });
    await inv.api(T).post(`/api/pull-tickets/${ticket.id}/ship`, { sendEmail: false }).expect(200);
    expect((await read(order.id)).status).toBe('completed');
    expect(await reconcile(inv.db.knex, { tenantId: T })).toEqual({ drift: [], fixed: false });
  });

  it('keeps a pending order on the bulk PO the pool drew it from', async () => {
    const order = await manualOrder('SO-ACC-2', flyers(100), 'pending', null);
    expect(order.bulkPoId).toBe(bulkPoId);
    const res = await accept(order.id, order.version).expect(200);
    expect(res.body).toMatchObject({ status: 'processing', bulkPoId });
    expect(await reconcile(inv.db.knex, { tenantId: T })).toEqual({ drift: [], fixed: false });
  });

  it('refuses an order no bulk PO covers (422 naming bulkPoId), leaving it as it was', async () => {
    const order = await manualOrder('SO-ACC-3', [{ itemId: 'poster', itemName: 'Poster', quantity: 5, unitPrice: 1 }], 'pending', null);
    const res = await accept(order.id, order.version).expect(422);
    expect(res.body).toMatchObject({ message: NO_COVERING_PO, details: { field: 'bulkPoId' } });
    expect(await read(order.id)).toMatchObject({ status: 'pending', bulkPoId: null, version: order.version });
  });

  it('refuses an order from QuickBooks (accepted there) and one that is not active or pending, naming the field', async () => {
    const fromQuickbooks = await read(await acceptedOrder(inv, T, 'q1', 'EST-ACC-1-BL', 'Pending'));
    expect((await accept(fromQuickbooks.id, fromQuickbooks.version).expect(422)).body).toMatchObject({
      message: ACCEPTED_IN_QUICKBOOKS,
      details: { field: 'qbId' },
    });
    const cancelled = await manualOrder('SO-ACC-4', flyers(10), 'cancelled', null);
    expect((await accept(cancelled.id, cancelled.version).expect(422)).body).toMatchObject({
      message: ONLY_OPEN_ORDERS_ACCEPTED,
      details: { field: 'status' },
    });
  });

  it('refuses a version someone changed since (409 with the order as it now is), and an If-Match missing', async () => {
    const order = await manualOrder('SO-ACC-5', flyers(20));
    await inv
      .api(T)
      .edit(`/api/sales-orders/${order.id}`, { customerName: 'Acme Events', status: 'active', bulkPoId, items: flyers(20) })
      .expect(200);
    const res = await accept(order.id, order.version).expect(409);
    expect(res.body).toMatchObject({ code: 'VERSION_CONFLICT', details: { current: { customerName: 'Acme Events', status: 'active' } } });
    expect((await inv.api(T).post(`/api/sales-orders/${order.id}/accept`).expect(400)).body.details.issues[0].field).toBe('If-Match');
    expect((await read(order.id)).status).toBe('active');
  });

  it("answers 404 for another company's order and 403 for a viewer", async () => {
    const order = await manualOrder('SO-ACC-6', flyers(10));
    await accept(order.id, order.version, 't-manual-accept-other').expect(404);
    await accept(order.id, order.version, T, 'viewer').expect(403);
    expect((await read(order.id)).status).toBe('active');
  });
});

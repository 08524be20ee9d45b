import { reconcile } from '../src/index.js';
import { startDocumentsPeer, type DocumentsPeer } from './support/documentsPeer.js';
import { acceptedOrder, seedCatalog } from './support/pullTicketFixtures.js';
import { startInventory, type TestInventory } from './support/service.js';

const T = 't-partial-release';
let inv: TestInventory;
let documents: DocumentsPeer;

beforeAll(async () => {
  documents = await startDocumentsPeer();
  inv = await startInventory({ DOCUMENTS_URL: documents.url });
  await seedCatalog(inv, T);
});
afterAll(async () => {
  await inv.close();
  await documents.close();
});

/** Units PO-7001-BL (100,000 flyers and 50,000 cards) still offers. */
const remaining = async (): Promise<number> => (await inv.api(T).get('/api/purchase-orders?search=PO-7001-BL').expect(200)).body[0].quantityRemaining as number;
const order = async (id: number) => (await inv.api(T).get(`/api/sales-orders/${id}`).expect(200)).body;
const release = (id: number, body?: object) => inv.api(T).post(`/api/sales-orders/${id}/create-pull-ticket`, body);
const ship = (ticketId: number) => inv.api(T).post(`/api/pull-tickets/${ticketId}/ship`, { sendEmail: false }).expect(200);
/** Per line of the order (500 flyers, 250 cards): released, shipped. */
const lines = async (id: number) =>
  (await order(id)).items.map((item: { releasedQuantity: number; shippedQuantity: number }) => [item.releasedQuantity, item.shippedQuantity]);
const ticketQuantities = (ticket: { items: { item_id: string; qty: number }[] }) => ticket.items.map((item) => [item.item_id, item.qty]);

let orderNo = 0;
const newOrder = async () => {
  orderNo += 1;
  return acceptedOrder(inv, T, `pr${orderNo}`, `EST-PR${orderNo}-BL`);
};

describe('releasing an order in parts', () => {
  it('makes two tickets for one order, and shipping both completes it, without moving what it draws', async () => {
    const id = await newOrder();
    const drawn = await remaining();
    expect((await order(id)).unreleasedQuantity).toBe(750);

    const first = (await release(id, { lines: [{ itemId: 'flyer', quantity: 200 }] }).expect(201)).body;
    expect(ticketQuantities(first)).toEqual([['flyer', 200]]);
    expect(await lines(id)).toEqual([
      [200, 0],
      [0, 0],
    ]);
    expect((await order(id)).unreleasedQuantity).toBe(550);

    const rest = (await release(id).expect(201)).body;
    expect(ticketQuantities(rest)).toEqual([
      ['flyer', 300],
      ['card', 250],
    ]);
    expect((await order(id)).unreleasedQuantity).toBe(0);
    expect((await release(id).expect(409)).body.message).toBe(`This sales order already has pull ticket ${rest.ptNumber} (pending)`);

    await ship(first.id);
    expect(await order(id)).toMatchObject({ status: 'processing' });
    expect(await lines(id)).toEqual([
      [500, 200],
      [250, 0],
    ]);
    await ship(rest.id);
    expect(await order(id)).toMatchObject({ status: 'completed', unreleasedQuantity: 0 });
    expect(await lines(id)).toEqual([
      [500, 500],
      [250, 250],
    ]);
    expect(await remaining()).toBe(drawn);
    expect(await reconcile(inv.db.knex, { tenantId: T })).toEqual({ drift: [], fixed: false });
  });

  it('returns a cancelled ticket’s units to unreleased, for a later ticket', async () => {
    const id = await newOrder();
    const ticket = (await release(id, { lines: [{ itemId: 'card', quantity: 100 }] }).expect(201)).body;
    expect((await order(id)).unreleasedQuantity).toBe(650);
    await inv.api(T).put(`/api/pull-tickets/${ticket.id}`, { status: 'cancelled' }).set('If-Match', `"${ticket.version}"`).expect(200);
    expect((await order(id)).unreleasedQuantity).toBe(750);
    expect(await lines(id)).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(ticketQuantities((await release(id, { lines: [{ itemId: 'card', quantity: 250 }] }).expect(201)).body)).toEqual([['card', 250]]);
    expect(await reconcile(inv.db.knex, { tenantId: T })).toEqual({ drift: [], fixed: false });
  });

  it('refuses to release more than is left, or nothing, naming the line', async () => {
    const id = await newOrder();
    await release(id, { lines: [{ itemId: 'flyer', quantity: 400 }] }).expect(201);
    const over = await release(id, {
      lines: [
        { itemId: 'card', quantity: 10 },
        { itemId: 'flyer', quantity: 101 },
      ],
    }).expect(400);
    expect(over.body.details.issues).toEqual([{ field: 'lines.1.quantity', message: 'Only 100 of flyer is left to release' }]);
    const zero = await release(id, { lines: [{ itemId: 'flyer', quantity: 0 }] }).expect(400);
    expect(zero.body.details.issues).toEqual([{ field: 'lines.0.quantity', message: 'Quantity must be more than 0' }]);
    const unknown = await release(id, { lines: [{ itemId: 'poster', quantity: 1 }] }).expect(400);
    expect(unknown.body.details.issues).toEqual([{ field: 'lines.0.itemId', message: 'The order has no item poster' }]);
    expect((await order(id)).unreleasedQuantity).toBe(350);
    expect(await reconcile(inv.db.knex, { tenantId: T })).toEqual({ drift: [], fixed: false });
  });
});

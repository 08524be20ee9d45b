import { DELETED_ORDER_READ_ONLY, DELETED_ORDER_TICKET_HELD, type PullTicketEvent } from '@printpool/contracts';
import { reconcile } from '../src/index.js';
import { startDocumentsPeer, type DocumentsPeer } from './support/documentsPeer.js';
import { acceptedOrder, seedCatalog } from './support/pullTicketFixtures.js';
import { committedEvents, deletedEvent, estimate, estimateEvent, line, startInventory, type TestInventory } from './support/service.js';

const T = 't-deleted-qb';
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
const order = (id: number) => inv.api(T).get(`/api/sales-orders/${id}`);
const ticket = async (id: number) => (await inv.api(T).get(`/api/pull-tickets/${id}`).expect(200)).body;
const history = async (id: number) => (await inv.api(T).get(`/api/sales-orders/${id}/history`).expect(200)).body as { action: string }[];
const deleteEstimate = (qbId: string) => inv.deliver(deletedEvent(T, 'estimate', [qbId]));

let orderNo = 0;
/** An accepted order (750 units drawn) with a pending pull ticket. */
async function orderWithTicket() {
  orderNo += 1;
  const qbId = `d${orderNo}`;
  const orderId = await acceptedOrder(inv, T, qbId, `EST-D${orderNo}-BL`);
  const created = (await inv.api(T).post(`/api/sales-orders/${orderId}/create-pull-ticket`).expect(201)).body;
  return { qbId, orderId, ticketId: created.id as number, ptNumber: created.ptNumber as string };
}

describe('an estimate deleted in QuickBooks', () => {
  it('keeps an order with a pull ticket, marked, holding its stock, and its ticket warns and refuses Ship', async () => {
    const { qbId, orderId, ticketId } = await orderWithTicket();
    const held = await remaining();
    await deleteEstimate(qbId);

    const kept = (await order(orderId).expect(200)).body;
    expect(kept).toMatchObject({ status: 'processing', deletedInQuickbooksAt: expect.any(String), bulkPoNumber: 'PO-7001-BL' });
    expect(await remaining()).toBe(held);
    expect((await history(orderId))[0]).toMatchObject({ action: 'Deleted in QuickBooks' });
    const listed = (await inv.api(T).get('/api/sales-orders').expect(200)).body.find((row: { id: number }) => row.id === orderId);
    expect(listed.deletedInQuickbooksAt).toBe(kept.deletedInQuickbooksAt);

    const warned = await ticket(ticketId);
    expect(warned).toMatchObject({ status: 'pending', salesOrderId: orderId, orderDeletedInQuickbooksAt: kept.deletedInQuickbooksAt });
    // Screens showing the ticket refresh on its event.
    const events = (await committedEvents<PullTicketEvent>(inv, T, 'inventory.pull-ticket.updated')).filter((data) => data.pullTicketId === ticketId);
    expect(events.length).toBeGreaterThan(0);

    const ship = await inv.api(T).post(`/api/pull-tickets/${ticketId}/ship`, { sendEmail: false }).expect(422);
    expect(ship.body).toMatchObject({ message: DELETED_ORDER_TICKET_HELD, details: { field: 'orderDeletedInQuickbooksAt' } });
    const moveOn = await inv.api(T).edit(`/api/pull-tickets/${ticketId}`, { status: 'shipped' }).expect(422);
    expect(moveOn.body.message).toBe(DELETED_ORDER_TICKET_HELD);
    expect((await ticket(ticketId)).status).toBe('pending');
    expect(documents.received.filter((notice) => notice.body.pullTicketId === ticketId)).toEqual([]);

    // A deletion delivered again keeps the first mark.
    await deleteEstimate(qbId);
    expect((await order(orderId).expect(200)).body.deletedInQuickbooksAt).toBe(kept.deletedInQuickbooksAt);
  });

  it('refuses edits and a new pull ticket on the kept order, naming why', async () => {
    const { qbId, orderId } = await orderWithTicket();
    await deleteEstimate(qbId);
    const kept = (await order(orderId).expect(200)).body;
    const edit = await inv
      .api(T)
      .edit(`/api/sales-orders/${orderId}`, {
        id: orderId,
        customerName: kept.customerName,
        customerEmail: kept.customerEmail,
        status: 'cancelled',
        bulkPoId: null,
        totalQuantity: kept.totalQuantity,
        totalAmount: kept.totalAmount,
        items: JSON.stringify(kept.items),
      })
      .expect(409);
    expect(edit.body).toMatchObject({ code: 'DELETED_IN_QUICKBOOKS', message: DELETED_ORDER_READ_ONLY });
    const another = await inv.api(T).post(`/api/sales-orders/${orderId}/create-pull-ticket`, { force: true }).expect(409);
    expect(another.body.message).toBe(DELETED_ORDER_READ_ONLY);
    expect((await order(orderId).expect(200)).body.status).toBe('processing');
  });

  it('removes an order with no ticket, pending edit or shipment as before, releasing its stock', async () => {
    const before = await remaining();
    const orderId = await acceptedOrder(inv, T, 'plain', 'EST-PLAIN-BL');
    expect(await remaining()).toBe(before - 750);
    await deleteEstimate('plain');
    await order(orderId).expect(404);
    expect(await remaining()).toBe(before);
    expect(await reconcile(inv.db.knex, { tenantId: T })).toEqual({ drift: [], fixed: false });
  });

  it('keeps an order with an edit QuickBooks does not have yet', async () => {
    const orderId = await acceptedOrder(inv, T, 'edited', 'EST-EDITED-BL', 'Pending');
    const current = (await order(orderId).expect(200)).body;
    await inv
      .api(T)
      .edit(`/api/sales-orders/${orderId}`, {
        id: orderId,
        customerName: current.customerName,
        customerEmail: 'new@acme.test',
        status: current.status,
        bulkPoId: current.bulkPoId,
        totalQuantity: current.totalQuantity,
        totalAmount: current.totalAmount,
        items: JSON.stringify(current.items),
      })
      .expect(200);
    await deleteEstimate('edited');
    expect((await order(orderId).expect(200)).body).toMatchObject({
      syncStatus: 'pending',
      customerEmail: 'new@acme.test',
      deletedInQuickbooksAt: expect.any(String),
    });
  });

  it('clears the mark when the same estimate is imported again, and the ticket may ship', async () => {
    const { qbId, orderId, ticketId } = await orderWithTicket();
    await deleteEstimate(qbId);
    await inv.deliver(
      estimateEvent(T, [
        estimate(qbId, `EST-D${orderNo}-BL`, [line('1', 'flyer', 500, 0.2), line('2', 'card', 250, 0.5)], { txnStatus: 'Accepted', syncToken: '3' }),
      ]),
    );
    expect((await order(orderId).expect(200)).body).toMatchObject({ deletedInQuickbooksAt: null, status: 'processing' });
    expect((await ticket(ticketId)).orderDeletedInQuickbooksAt).toBeNull();
    await inv.api(T).post(`/api/pull-tickets/${ticketId}/ship`, { sendEmail: false }).expect(200);
  });

  it('releases the stock only when the broker confirms, once its open tickets are cancelled; reconcile stays clean', async () => {
    const { qbId, orderId, ticketId, ptNumber } = await orderWithTicket();
    const held = await remaining();
    await deleteEstimate(qbId);
    await inv.api(T, undefined, 'viewer').post(`/api/sales-orders/${orderId}/confirm-deleted`).expect(403);

    const refused = await inv.api(T).post(`/api/sales-orders/${orderId}/confirm-deleted`).expect(409);
    expect(refused.body.message).toContain(ptNumber);
    expect(await remaining()).toBe(held);

    await inv.api(T).edit(`/api/pull-tickets/${ticketId}`, { status: 'cancelled' }).expect(200);
    await inv.api(T, undefined, 'staff').post(`/api/sales-orders/${orderId}/confirm-deleted`).expect(204);
    await order(orderId).expect(404);
    expect(await remaining()).toBe(held + 750);
    expect((await history(orderId))[0]).toMatchObject({ action: 'Deleted' });
    expect(await reconcile(inv.db.knex, { tenantId: T })).toEqual({ drift: [], fixed: false });
  });

  it('refuses to confirm an order whose estimate was not deleted', async () => {
    const orderId = await acceptedOrder(inv, T, 'alive', 'EST-ALIVE-BL');
    await inv.api(T).post(`/api/sales-orders/${orderId}/confirm-deleted`).expect(422);
    await inv.api('another-tenant').post(`/api/sales-orders/${orderId}/confirm-deleted`).expect(404);
    await order(orderId).expect(200);
  });

  it('re-creating the estimate makes the order one to write back as new, and the mark clears when QuickBooks answers', async () => {
    const { qbId, orderId, ticketId } = await orderWithTicket();
    await deleteEstimate(qbId);
    const asked = (await inv.api(T).post(`/api/sales-orders/${orderId}/recreate-estimate`).expect(200)).body;
    expect(asked).toMatchObject({ qbId: null, syncStatus: 'pending', deletedInQuickbooksAt: expect.any(String) });
    expect(asked.items.map((item: { lineId: string | null }) => item.lineId)).toEqual([null, null]);
    // svc-sync creates the estimate and records QuickBooks' answer (svc-sync/src/writeBack/estimateWriter.ts).
    await inv.api(T, 'svc-sync').post(`/api/internal/sales-orders/${orderId}/sync-result`, { syncStatus: 'syncing' }).expect(200);
    await inv.api(T, 'svc-sync').get(`/api/internal/sales-orders/${orderId}/estimate-edit`).expect(409);
    const created = estimate('recreated-1', asked.soNumber, [line('7', 'flyer', 500, 0.2), line('8', 'card', 250, 0.5)], {
      txnStatus: 'Accepted',
      syncToken: '0',
    });
    const answered = await inv
      .api(T, 'svc-sync')
      .post(`/api/internal/sales-orders/${orderId}/sync-result`, { syncStatus: 'synced', qbId: 'recreated-1', syncToken: '0', estimate: created })
      .expect(200);
    expect(answered.body).toMatchObject({ qbId: 'recreated-1', syncStatus: 'synced', deletedInQuickbooksAt: null, status: 'processing' });
    expect(answered.body.items.map((item: { lineId: string | null }) => item.lineId)).toEqual(['7', '8']);
    expect((await ticket(ticketId)).orderDeletedInQuickbooksAt).toBeNull();
    expect(await reconcile(inv.db.knex, { tenantId: T })).toEqual({ drift: [], fixed: false });
  });
});

describe("the broker's own deletion of an order", () => {
  it('is refused while a pull ticket of it is open, naming the ticket, and goes once the ticket is cancelled', async () => {
    const { orderId, ticketId, ptNumber } = await orderWithTicket();
    const held = await remaining();

    const refused = await inv.api(T).delete(`/api/sales-orders/${orderId}`).expect(409);
    expect(refused.body.message).toContain(ptNumber);
    expect(refused.body.details).toMatchObject({ field: 'pullTickets', pullTickets: [{ id: ticketId, ptNumber }] });
    await order(orderId).expect(200);
    expect(await ticket(ticketId)).toMatchObject({ status: 'pending', salesOrderId: orderId });
    expect(await remaining()).toBe(held);

    await inv.api(T).edit(`/api/pull-tickets/${ticketId}`, { status: 'cancelled' }).expect(200);
    await inv.api(T).delete(`/api/sales-orders/${orderId}`).expect(204);
    await order(orderId).expect(404);
    expect((await ticket(ticketId)).status).toBe('cancelled');
    expect(await remaining()).toBe(held + 750);
    expect(await reconcile(inv.db.knex, { tenantId: T })).toEqual({ drift: [], fixed: false });
  });
});

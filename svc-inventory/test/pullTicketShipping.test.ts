import type { PullTicketEvent } from '@printpool/contracts';
import { startDocumentsPeer, type DocumentsPeer } from './support/documentsPeer.js';
import { pendingTicket, seedCatalog } from './support/pullTicketFixtures.js';
import { committedEvents, startInventory, type TestInventory } from './support/service.js';

const T = 't-pt-ship';
let inv: TestInventory;
let documents: DocumentsPeer;
const newTicket = () => pendingTicket(inv, T);
const ticket = async (id: number) => (await inv.api(T).get(`/api/pull-tickets/${id}`).expect(200)).body;
const eventsOf = async (type: string, id: number) => (await committedEvents<PullTicketEvent>(inv, T, type)).filter((data) => data.pullTicketId === id);
/** What svc-documents was asked to send about the ticket: the notice names it by id (libs/contracts documents.ts). */
const noticesOf = (id: number) => documents.received.filter((n) => n.body.pullTicketId === id);

beforeAll(async () => {
  documents = await startDocumentsPeer();
  inv = await startInventory({ DOCUMENTS_URL: documents.url });
  await seedCatalog(inv, T);
});
afterAll(async () => {
  await inv.close();
  await documents.close();
});

describe('shipping', () => {
  it('records the shipment without e-mail when asked not to send one', async () => {
    const { id } = await newTicket();
    const res = await inv.api(T).post(`/api/pull-tickets/${id}/ship`, { sendEmail: false }).expect(200);
    expect(res.body).toMatchObject({ id, status: 'shipped', shippedAt: expect.any(String), notification: null });
    expect(noticesOf(id)).toEqual([]);
    expect((await eventsOf('inventory.pull-ticket.shipped', id)).map((data) => data.shippedAt)).toEqual([res.body.shippedAt]);
  });

  it('needs a valid customer e-mail when the notification is on (the default)', async () => {
    const { id } = await newTicket();
    const missing = await inv.api(T).post(`/api/pull-tickets/${id}/ship`, {}).expect(400);
    expect(missing.body.details.issues[0]).toEqual({ field: 'customerEmail', message: 'Customer email is required to send the shipping notification' });
    const invalid = await inv.api(T).post(`/api/pull-tickets/${id}/ship`, { customerEmail: 'buyer-at-acme' }).expect(400);
    expect(invalid.body.message).toBe('Customer email must be a valid e-mail address');
    expect((await ticket(id)).status).toBe('pending');
  });

  it('has svc-documents e-mail the customer, signed for the tenant, and only re-sends once shipped', async () => {
    const { id, ptNumber } = await newTicket();
    const res = await inv.api(T).post(`/api/pull-tickets/${id}/ship`, { customerEmail: 'buyer@acme.test' }).expect(200);
    expect(res.body).toMatchObject({ status: 'shipped', notification: { sent: true } });
    const sent = noticesOf(id);
    expect(sent).toEqual([
      {
        caller: { tenantId: T, userId: `user-of-${T}`, role: 'owner' },
        body: {
          pullTicketId: id,
          customerEmail: 'buyer@acme.test',
          subject: `Pull Ticket ${ptNumber} - Shipped`,
          carrier: null,
          trackingNumber: null,
          items: [
            { name: 'Item flyer', sku: 'FLY-A5', description: 'A5 flyer, 170gsm gloss', quantity: 500 },
            { name: 'Item card', sku: 'BC-350', description: '350gsm matte', quantity: 250 },
          ],
          body: null,
        },
      },
    ]);
    const again = await inv
      .api(T)
      .post(`/api/pull-tickets/${id}/ship`, { customerEmail: 'buyer@acme.test', emailSubject: 'Your order is on its way', emailBody: 'Tracking 1Z999' })
      .expect(200);
    expect(again.body.shippedAt).toBe(res.body.shippedAt);
    expect(noticesOf(id).map((n) => [n.body.subject, n.body.body])).toEqual([
      [`Pull Ticket ${ptNumber} - Shipped`, null],
      ['Your order is on its way', 'Tracking 1Z999'],
    ]);
    expect(await eventsOf('inventory.pull-ticket.shipped', id)).toHaveLength(1);
  });

  it('keeps the shipment when the notification fails, and says so', async () => {
    const { id } = await newTicket();
    documents.failWith(502);
    try {
      const res = await inv.api(T).post(`/api/pull-tickets/${id}/ship`, { customerEmail: 'buyer@acme.test' }).expect(200);
      expect(res.body).toMatchObject({ status: 'shipped', notification: { sent: false, error: 'Mail server refused the message' } });
    } finally {
      documents.failWith(null);
    }
    expect((await ticket(id)).status).toBe('shipped');
    const retried = await inv.api(T).post(`/api/pull-tickets/${id}/ship`, { customerEmail: 'buyer@acme.test' }).expect(200);
    expect(retried.body.notification).toEqual({ sent: true });
    expect(noticesOf(id)).toHaveLength(1);
  });

  it('says when a notice the mail server refused goes out, instead of that it failed', async () => {
    const { id } = await newTicket();
    const nextAttemptAt = new Date(Date.now() + 60_000).toISOString();
    documents.queueUntil(nextAttemptAt);
    try {
      const res = await inv.api(T).post(`/api/pull-tickets/${id}/ship`, { customerEmail: 'buyer@acme.test' }).expect(200);
      expect(res.body).toMatchObject({ status: 'shipped', notification: { sent: false, queued: true, nextAttemptAt } });
      expect(res.body.notification.error).toBeUndefined();
    } finally {
      documents.queueUntil(null);
    }
  });

  it('records the carrier and tracking number and sends them with the items; sending again may correct them', async () => {
    const { id } = await newTicket();
    const res = await inv
      .api(T)
      .post(`/api/pull-tickets/${id}/ship`, { customerEmail: 'buyer@acme.test', carrier: ' UPS ', trackingNumber: '1Z999AA10123456784' })
      .expect(200);
    expect(res.body).toMatchObject({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', notification: { sent: true } });
    const again = await inv.api(T).post(`/api/pull-tickets/${id}/ship`, { customerEmail: 'buyer@acme.test', trackingNumber: '1Z999AA10123456785' }).expect(200);
    expect(again.body).toMatchObject({ carrier: 'UPS', trackingNumber: '1Z999AA10123456785', shippedAt: res.body.shippedAt });
    // Systems following the tickets learn how the goods left, and which bulk PO they came from.
    const shippedEvents = await eventsOf('inventory.pull-ticket.shipped', id);
    expect(shippedEvents.map((data) => [data.carrier, data.trackingNumber])).toEqual([['UPS', '1Z999AA10123456784']]);
    expect(shippedEvents[0]!.bulkPoId).toBe(res.body.bulkPoId);
    expect(res.body.bulkPoId).toEqual(expect.any(Number));
    const sent = noticesOf(id).map((n) => n.body);
    expect(sent.map((body) => [body.carrier, body.trackingNumber])).toEqual([
      ['UPS', '1Z999AA10123456784'],
      ['UPS', '1Z999AA10123456785'],
    ]);
    expect(sent[0]!.items).toEqual([expect.objectContaining({ sku: 'FLY-A5', quantity: 500 }), expect.objectContaining({ sku: 'BC-350', quantity: 250 })]);
    const tooLong = await inv
      .api(T)
      .post(`/api/pull-tickets/${id}/ship`, { sendEmail: false, carrier: 'x'.repeat(101) })
      .expect(400);
    expect(tooLong.body.details.issues[0]).toEqual({ field: 'carrier', message: 'Carrier must be at most 100 characters' });
  });

  it('refuses to ship a ticket that has no bulk PO', async () => {
    const { id } = await newTicket();
    await inv.db.knex('pull_tickets').where({ tenant_id: T, id }).update({ bulk_po_number: null, bulk_po_id: null, vendor_name: null });
    const refused = await inv.api(T).post(`/api/pull-tickets/${id}/ship`, { sendEmail: false }).expect(422);
    expect(refused.body.message).toBe(
      'This pull ticket has no bulk purchase order, so no vendor was asked to pull its items: choose the order’s bulk PO and create its ticket again',
    );
    expect(refused.body.details).toMatchObject({ field: 'bulkPoNumber' });
    expect((await ticket(id)).status).toBe('pending');
  });

  it('refuses to ship a cancelled ticket', async () => {
    const { id } = await newTicket();
    await inv.api(T).edit(`/api/pull-tickets/${id}`, { status: 'cancelled' }).expect(200);
    expect((await inv.api(T).post(`/api/pull-tickets/${id}/ship`, { sendEmail: false }).expect(422)).body.message).toBe(
      'A cancelled pull ticket cannot be shipped',
    );
  });
});

describe('deleting', () => {
  it('removes the ticket, publishes its last state and keeps the dashboard count right', async () => {
    const stats = async () => (await inv.api(T).get('/api/dashboard/stats').expect(200)).body.pendingPullTickets as number;
    const before = await stats();
    const { id, ptNumber } = await newTicket();
    expect(await stats()).toBe(before + 1);
    await inv.api(T).delete(`/api/pull-tickets/${id}`).expect(204);
    await inv.api(T).get(`/api/pull-tickets/${id}`).expect(404);
    await inv.api(T).delete(`/api/pull-tickets/${id}`).expect(404);
    expect(await stats()).toBe(before);
    expect(await eventsOf('inventory.pull-ticket.deleted', id)).toEqual([expect.objectContaining({ ptNumber, status: 'pending' })]);
  });
});

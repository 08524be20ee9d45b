import { PullTicketEventSchema, type PullTicketEvent } from '@printpool/contracts';
import { startDocumentsPeer, type DocumentsPeer } from './support/documentsPeer.js';
import { acceptedOrder, seedCatalog } from './support/pullTicketFixtures.js';
import { committedEvents, startInventory, type TestInventory } from './support/service.js';

const T = 't-ptw';
let inv: TestInventory;
let documents: DocumentsPeer;
let orderNo = 0;

/** A fresh pending ticket on a new accepted order. */
async function newTicket(): Promise<{ id: number; ptNumber: string; updatedAt: string }> {
  orderNo += 1;
  const orderId = await acceptedOrder(inv, T, `w${orderNo}`, `EST-W${orderNo}-BL`);
  return (await inv.api(T).post(`/api/sales-orders/${orderId}/create-pull-ticket`).expect(201)).body;
}
const ticket = async (id: number) => (await inv.api(T).get(`/api/pull-tickets/${id}`).expect(200)).body;
const isoDate = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const eventsOf = async (type: string, id: number) => (await committedEvents<PullTicketEvent>(inv, T, type)).filter((data) => data.pullTicketId === id);

beforeAll(async () => {
  documents = await startDocumentsPeer();
  inv = await startInventory({ DOCUMENTS_URL: documents.url });
  await seedCatalog(inv, T);
});
afterAll(async () => {
  await inv.close();
  await documents.close();
});

describe('editing a pull ticket', () => {
  it('saves the vendor contact, status, notes and ship-by date, and publishes the change', async () => {
    const { id } = await newTicket();
    const shipBy = isoDate(7);
    const res = await inv
      .api(T)
      .put(`/api/pull-tickets/${id}`, { vendorEmail: 'rush@pinnacle.test', vendorPhone: '', vendorAddress: '51 Press Ave', status: 'sent', notes: 'Rush', shipByDate: shipBy })
      .expect(200);
    expect(res.body).toMatchObject({ vendorEmail: 'rush@pinnacle.test', vendorPhone: null, vendorAddress: '51 Press Ave', status: 'sent', notes: 'Rush', shipByDate: shipBy });
    // A partial edit leaves the other fields alone; today is allowed.
    await inv.api(T).put(`/api/pull-tickets/${id}`, { shipByDate: isoDate(0) }).expect(200);
    expect(await ticket(id)).toMatchObject({ vendorEmail: 'rush@pinnacle.test', status: 'sent', notes: 'Rush', shipByDate: isoDate(0) });
    const updates = await eventsOf('inventory.pull-ticket.updated', id);
    expect(updates).toHaveLength(2);
    expect(PullTicketEventSchema.parse(updates[1])).toMatchObject({ status: 'sent', shipByDate: isoDate(0) });
  });

  it.each([
    [{ vendorEmail: 'not-an-address' }, 'vendorEmail', 'Vendor email must be a valid e-mail address'],
    [{ status: 'lost' }, 'status', 'Status must be one of pending, sent, processing, shipped, delivered, cancelled'],
    [{ shipByDate: '2020-01-01' }, 'shipByDate', 'Ship-by date cannot be in the past'],
    [{ shipByDate: '2030-02-30' }, 'shipByDate', 'Ship-by date must be a date (YYYY-MM-DD)'],
  ])('refuses %j naming the field, changing nothing', async (body, field, message) => {
    const before = await newTicket();
    const res = await inv.api(T).put(`/api/pull-tickets/${before.id}`, { notes: 'should not stick', ...body }).expect(400);
    expect(res.body.message).toBe(message);
    expect(res.body.details.issues[0].field).toBe(field);
    expect(await ticket(before.id)).toEqual(before);
  });
});

describe('sending and approving', () => {
  it('approves only a sent ticket, storing the notes and the attachment path', async () => {
    const { id } = await newTicket();
    const early = await inv.api(T).post(`/api/pull-tickets/${id}/approve`, { approvalNotes: 'ok' }).expect(422);
    expect(early.body.message).toBe('Only a sent pull ticket can be approved (this one is pending)');
    await inv.api(T).post(`/api/pull-tickets/${id}/mark-sent`).expect(200);
    const bad = await inv.api(T).post(`/api/pull-tickets/${id}/approve`, { attachmentPath: '/api/attachments/../../etc/passwd' }).expect(400);
    expect(bad.body.details.issues[0].field).toBe('attachmentPath');
    await inv.api(T).post(`/api/pull-tickets/${id}/approve`, { attachmentPath: 'https://evil.test/x.pdf' }).expect(400);
    expect((await ticket(id)).status).toBe('sent');
    const approved = await inv
      .api(T)
      .post(`/api/pull-tickets/${id}/approve`, { approvalNotes: 'Proof signed', attachmentPath: '/api/attachments/PT-000001/proof.pdf' })
      .expect(200);
    expect(approved.body).toMatchObject({ status: 'processing', approvalNotes: 'Proof signed', attachmentPath: '/api/attachments/PT-000001/proof.pdf' });
    await inv.api(T).post(`/api/pull-tickets/${id}/approve`).expect(422);
  });

  it('marks sent from pending, sent or processing, never from a finished ticket', async () => {
    const { id } = await newTicket();
    expect((await inv.api(T).post(`/api/pull-tickets/${id}/mark-sent`).expect(200)).body.status).toBe('sent');
    expect((await inv.api(T).post(`/api/pull-tickets/${id}/mark-sent`).expect(200)).body.status).toBe('sent');
    await inv.api(T).put(`/api/pull-tickets/${id}`, { status: 'delivered' }).expect(200);
    const refused = await inv.api(T).post(`/api/pull-tickets/${id}/mark-sent`).expect(422);
    expect(refused.body.message).toBe('A delivered pull ticket cannot be marked sent');
  });
});

describe('shipping', () => {
  it('records the shipment without e-mail when asked not to send one', async () => {
    const { id, ptNumber } = await newTicket();
    const res = await inv.api(T).post(`/api/pull-tickets/${id}/ship`, { sendEmail: false }).expect(200);
    expect(res.body).toMatchObject({ id, status: 'shipped', shippedAt: expect.any(String), notification: null });
    expect(documents.received.filter((n) => n.body.ptNumber === ptNumber)).toEqual([]);
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
    const sent = documents.received.filter((n) => n.body.ptNumber === ptNumber);
    expect(sent).toEqual([
      {
        caller: { tenantId: T, userId: `user-of-${T}` },
        body: { pullTicketId: id, ptNumber, customerEmail: 'buyer@acme.test', subject: `Pull Ticket ${ptNumber} - Shipped`, body: null },
      },
    ]);
    const again = await inv.api(T).post(`/api/pull-tickets/${id}/ship`, { customerEmail: 'buyer@acme.test', emailSubject: 'Your order is on its way', emailBody: 'Tracking 1Z999' }).expect(200);
    expect(again.body.shippedAt).toBe(res.body.shippedAt);
    expect(documents.received.filter((n) => n.body.ptNumber === ptNumber).map((n) => [n.body.subject, n.body.body])).toEqual([
      [`Pull Ticket ${ptNumber} - Shipped`, null],
      ['Your order is on its way', 'Tracking 1Z999'],
    ]);
    expect(await eventsOf('inventory.pull-ticket.shipped', id)).toHaveLength(1);
  });

  it('keeps the shipment when the notification fails, and says so', async () => {
    const { id, ptNumber } = await newTicket();
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
    expect(documents.received.filter((n) => n.body.ptNumber === ptNumber)).toHaveLength(1);
  });

  it('refuses to ship a cancelled ticket', async () => {
    const { id } = await newTicket();
    await inv.api(T).put(`/api/pull-tickets/${id}`, { status: 'cancelled' }).expect(200);
    expect((await inv.api(T).post(`/api/pull-tickets/${id}/ship`, { sendEmail: false }).expect(422)).body.message).toBe('A cancelled pull ticket cannot be shipped');
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

import { PullTicketEventSchema, type PullTicketEvent } from '@printpool/contracts';
import { pendingTicket, seedCatalog } from './support/pullTicketFixtures.js';
import { committedEvents, startInventory, type TestInventory } from './support/service.js';

const T = 't-pt-edit';
let inv: TestInventory;
const newTicket = () => pendingTicket(inv, T);
const ticket = async (id: number) => (await inv.api(T).get(`/api/pull-tickets/${id}`).expect(200)).body;
const isoDate = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const eventsOf = async (type: string, id: number) => (await committedEvents<PullTicketEvent>(inv, T, type)).filter((data) => data.pullTicketId === id);

beforeAll(async () => {
  inv = await startInventory();
  await seedCatalog(inv, T);
});
afterAll(() => inv.close());

describe('editing a pull ticket', () => {
  it('saves the vendor contact, status, notes and ship-by date, and publishes the change', async () => {
    const { id } = await newTicket();
    const shipBy = isoDate(7);
    const res = await inv
      .api(T)
      .edit(`/api/pull-tickets/${id}`, {
        vendorEmail: 'rush@pinnacle.test',
        vendorPhone: '',
        vendorAddress: '51 Press Ave',
        status: 'sent',
        notes: 'Rush',
        shipByDate: shipBy,
      })
      .expect(200);
    expect(res.body).toMatchObject({
      vendorEmail: 'rush@pinnacle.test',
      vendorPhone: null,
      vendorAddress: '51 Press Ave',
      status: 'sent',
      notes: 'Rush',
      shipByDate: shipBy,
    });
    // A partial edit leaves the other fields alone; today is allowed.
    await inv
      .api(T)
      .edit(`/api/pull-tickets/${id}`, { shipByDate: isoDate(0) })
      .expect(200);
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
    const res = await inv
      .api(T)
      .edit(`/api/pull-tickets/${before.id}`, { notes: 'should not stick', ...body })
      .expect(400);
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
    await inv.api(T, 'svc-documents').post(`/api/internal/pull-tickets/${id}/mark-sent`).expect(200);
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
    expect((await inv.api(T, 'svc-documents').post(`/api/internal/pull-tickets/${id}/mark-sent`).expect(200)).body.status).toBe('sent');
    expect((await inv.api(T, 'svc-documents').post(`/api/internal/pull-tickets/${id}/mark-sent`).expect(200)).body.status).toBe('sent');
    await inv.api(T).edit(`/api/pull-tickets/${id}`, { status: 'delivered' }).expect(200);
    const refused = await inv.api(T, 'svc-documents').post(`/api/internal/pull-tickets/${id}/mark-sent`).expect(422);
    expect(refused.body.message).toBe('A delivered pull ticket cannot be marked sent');
  });
});

describe('versioned pull ticket saves', () => {
  const saveAt = (id: number, version: string, body: object) => inv.api(T).put(`/api/pull-tickets/${id}`, body).set('If-Match', `"${version}"`);

  it("refuses a save based on an older version with the ticket as it now is and what differs, and keeps the other member's change", async () => {
    const { id } = await newTicket();
    const opened = await ticket(id);
    const first = await saveAt(id, opened.version, { vendorPhone: '555-0100' }).expect(200);
    expect(first.headers.etag).toBe(`"${first.body.version}"`);
    const stale = await saveAt(id, opened.version, { vendorPhone: opened.vendorPhone ?? '', notes: 'Rush' }).expect(409);
    expect(stale.body).toMatchObject({
      code: 'VERSION_CONFLICT',
      details: {
        current: { version: first.body.version, vendorPhone: '555-0100' },
        differences: [
          { field: 'Vendor phone', path: ['vendorPhone'], current: '555-0100', proposed: opened.vendorPhone },
          { field: 'Notes', path: ['notes'], current: opened.notes, proposed: 'Rush' },
        ],
      },
    });
    expect(await ticket(id)).toMatchObject({ vendorPhone: '555-0100', notes: opened.notes });
  });

  it('refuses a save that names no version, naming If-Match, and changes nothing', async () => {
    const { id } = await newTicket();
    const before = await ticket(id);
    const res = await inv.api(T).put(`/api/pull-tickets/${id}`, { notes: 'x' }).expect(400);
    expect(res.body.message).toBe('If-Match: send the version the record was read at (its ETag)');
    expect(await ticket(id)).toEqual(before);
  });
});

import { INTERNAL_TOKEN_HEADER, signInternalToken, type CallerIdentity } from '@printpool/service-kit';
import request from 'supertest';
import { acceptedOrder, pendingTicket, seedCatalog } from './support/pullTicketFixtures.js';
import { behindGateway, estimate, estimateEvent, line, poEvent, purchaseOrder, SECRET, startInventory, type TestInventory } from './support/service.js';

// docs/product.md §10: every change to a purchase order, sales order or pull ticket is kept with
// who made it (a member by name, or 'QuickBooks sync'), when, why and the fields it changed.

const T = 't-history';
const ann: CallerIdentity = { tenantId: T, userId: 'user-ann', role: 'staff', memberName: 'Ann Approver' };
const bob: CallerIdentity = { tenantId: T, userId: 'user-bob', role: 'staff', memberName: 'Bob Editor' };
let inv: TestInventory;

/** Calls as the gateway does for this member's browser, or as the named service calling on the member's behalf. */
function as(member: CallerIdentity, service?: string) {
  const signed = behindGateway(inv.instance.app.callback(), () => signInternalToken(member, SECRET, { service }));
  return {
    get: (path: string) => request(signed).get(path),
    put: (path: string, body: object) => request(signed).put(path).send(body),
    post: (path: string, body: object = {}) => request(signed).post(path).send(body),
  };
}

interface Entry {
  by: string;
  memberId: string | null;
  action: string;
  about: string | null;
  at: string;
  changes: { field: string; before: string | null; after: string | null }[];
}
const historyOf = async (path: string): Promise<Entry[]> => (await as(ann).get(`${path}/history`).expect(200)).body;

beforeAll(async () => {
  inv = await startInventory();
  await seedCatalog(inv, T);
});
afterAll(() => inv.close());

describe('the history of a document', () => {
  it('names the member who approved a ticket and the one who edited its order, newest first, with what each changed', async () => {
    const ticket = await pendingTicket(inv, T);
    await as(ann, 'svc-documents').post(`/api/internal/pull-tickets/${ticket.id}/mark-sent`).expect(200);
    await as(ann).post(`/api/pull-tickets/${ticket.id}/approve`, { approvalNotes: 'Proof OK', attachmentPath: '/api/attachments/proof-1' }).expect(200);

    const ticketHistory = await historyOf(`/api/pull-tickets/${ticket.id}`);
    expect(ticketHistory.map((entry) => [entry.action, entry.by])).toEqual([
      ['Approved', 'Ann Approver'],
      ['E-mailed to the vendor', 'Ann Approver'],
      ['Pull ticket created', `user-of-${T}`],
    ]);
    expect(ticketHistory[0]!.memberId).toBe('user-ann');
    expect(ticketHistory[0]!.changes).toEqual([
      { field: 'Status', before: 'sent', after: 'processing' },
      { field: 'Approval notes', before: null, after: 'Proof OK' },
      { field: 'Proof', before: null, after: '/api/attachments/proof-1' },
    ]);

    const order = (await as(bob).get('/api/sales-orders?search=EST-W1-BL').expect(200)).body[0];
    await as(bob)
      .put(`/api/sales-orders/${order.id}`, {
        id: order.id,
        customerName: 'Acme Marketing',
        customerEmail: 'events@acme.test',
        status: 'completed',
        bulkPoId: order.bulkPoId,
        totalQuantity: 750,
        totalAmount: '225.00',
        items: order.items,
      })
      .set('If-Match', order.version)
      .expect(200);
    const [edit, ...earlier] = await historyOf(`/api/sales-orders/${order.id}`);
    expect(edit).toMatchObject({ by: 'Bob Editor', memberId: 'user-bob', action: 'Edited', about: null });
    // The order's history tells its ticket's story too, each entry naming the ticket.
    expect(earlier.filter((entry) => entry.about !== null).map((entry) => [entry.action, entry.by, entry.about])).toEqual([
      ['Approved', 'Ann Approver', `Pull ticket ${ticket.ptNumber}`],
      ['E-mailed to the vendor', 'Ann Approver', `Pull ticket ${ticket.ptNumber}`],
      ['Pull ticket created', `user-of-${T}`, `Pull ticket ${ticket.ptNumber}`],
    ]);
    expect(edit!.changes).toEqual([
      { field: 'Customer email', before: 'buyer@acme.test', after: 'events@acme.test' },
      { field: 'Status', before: 'processing', after: 'completed' },
      { field: 'QB Sync', before: 'synced', after: 'pending' },
    ]);
    expect(Date.parse(edit!.at)).toBeGreaterThanOrEqual(Date.parse(ticketHistory[0]!.at));
    expect(earlier.at(-1)).toMatchObject({ by: 'QuickBooks sync', memberId: null, action: 'Imported from QuickBooks' });
  });

  it("records a sync that changes an order as 'QuickBooks sync' with the fields it changed", async () => {
    const id = await acceptedOrder(inv, T, 'sync-1', 'EST-SYNC-1-BL', 'Pending');
    const [imported] = await historyOf(`/api/sales-orders/${id}`);
    expect(imported).toMatchObject({ by: 'QuickBooks sync', action: 'Imported from QuickBooks' });
    expect(imported!.changes).toEqual(expect.arrayContaining([{ field: 'Customer', before: null, after: 'Acme Marketing' }]));

    await inv.deliver(estimateEvent(T, [estimate('sync-1', 'EST-SYNC-1-BL', [line('1', 'flyer', 800, 0.2), line('2', 'card', 250, 0.5)])]));
    const [synced, ...rest] = await historyOf(`/api/sales-orders/${id}`);
    expect(rest).toHaveLength(1);
    expect(synced).toMatchObject({ by: 'QuickBooks sync', memberId: null, action: 'Imported from QuickBooks' });
    expect(synced!.changes).toEqual(
      expect.arrayContaining([
        { field: 'Total quantity', before: '750', after: '1050' },
        { field: 'Item Item flyer', before: '500 at $0.20', after: '800 at $0.20' },
      ]),
    );

    // The same estimate again changes nothing, so nothing is added.
    await inv.deliver(estimateEvent(T, [estimate('sync-1', 'EST-SYNC-1-BL', [line('1', 'flyer', 800, 0.2), line('2', 'card', 250, 0.5)])]));
    expect(await historyOf(`/api/sales-orders/${id}`)).toHaveLength(2);
  });

  it('shows unit prices as QuickBooks holds them, so a sub-cent change is seen', async () => {
    const id = await acceptedOrder(inv, T, 'cent-1', 'EST-CENT-1-BL', 'Pending');
    await inv.deliver(estimateEvent(T, [estimate('cent-1', 'EST-CENT-1-BL', [line('1', 'flyer', 500, 0.1544), line('2', 'card', 250, 0.5)])]));
    await inv.deliver(estimateEvent(T, [estimate('cent-1', 'EST-CENT-1-BL', [line('1', 'flyer', 500, 0.1541), line('2', 'card', 250, 0.5)])]));
    const [changed] = await historyOf(`/api/sales-orders/${id}`);
    expect(changed!.changes).toContainEqual({ field: 'Item Item flyer', before: '500 at $0.1544', after: '500 at $0.1541' });
  });

  it('does not list a line as changed because an earlier entry showed its price to the cent', async () => {
    const id = await acceptedOrder(inv, T, 'cent-2', 'EST-CENT-2-BL', 'Pending');
    await inv.deliver(estimateEvent(T, [estimate('cent-2', 'EST-CENT-2-BL', [line('1', 'flyer', 500, 0.1544), line('2', 'card', 250, 1234.5678)])]));
    // The entry as history recorded it before it kept exact prices (migration 018).
    const last = await inv.db.knex('document_history').where({ tenant_id: T, document_kind: 'sales-order', document_id: id }).orderBy('id', 'desc').first();
    const state = typeof last.state === 'string' ? JSON.parse(last.state) : last.state;
    await inv.db.knex('document_history').insert({
      ...last,
      id: undefined,
      changes: JSON.stringify([]),
      state: JSON.stringify({ ...state, 'Item Item flyer': '500 at $0.15', 'Item Item card': '250 at $1234.57' }),
      prices_exact: false,
    });

    await inv.deliver(
      estimateEvent(T, [
        estimate('cent-2', 'EST-CENT-2-BL', [line('1', 'flyer', 500, 0.1544), line('2', 'card', 250, 1234.5678)], { customerEmail: 'art@acme.test' }),
      ]),
    );
    const [changed] = await historyOf(`/api/sales-orders/${id}`);
    expect(changed!.changes).toEqual([{ field: 'Customer email', before: 'buyer@acme.test', after: 'art@acme.test' }]);
  });

  it("records an order a new purchase order lets draw as re-allocated by 'QuickBooks sync', with its bulk PO", async () => {
    const W = 't-history-waiting';
    await inv.deliver(estimateEvent(W, [estimate('w-1', 'EST-WAIT-1-BL', [line('1', 'flyer', 40, 0.5)])]));
    const waiting = (await inv.api(W).get('/api/sales-orders').expect(200)).body[0];
    expect(waiting.bulkPoId).toBeNull();

    await inv.deliver(poEvent(W, [purchaseOrder('w-po', 'PO-WAIT-BL', [line('1', 'flyer', 100)])]));
    const [drawn, imported] = (await inv.api(W).get(`/api/sales-orders/${waiting.id}/history`).expect(200)).body as Entry[];
    expect(imported).toMatchObject({ by: 'QuickBooks sync', action: 'Imported from QuickBooks' });
    expect(drawn).toMatchObject({ by: 'QuickBooks sync', action: 'Re-allocated' });
    expect(drawn!.changes).toEqual(expect.arrayContaining([{ field: 'Bulk PO', before: null, after: 'PO-WAIT-BL' }]));
  });

  it('keeps the history of a deleted ticket, ending with who deleted it', async () => {
    const ticket = await pendingTicket(inv, T);
    await request(inv.instance.app.callback())
      .delete(`/api/pull-tickets/${ticket.id}`)
      .set(INTERNAL_TOKEN_HEADER, await signInternalToken(bob, SECRET))
      .expect(204);
    const [deleted] = await historyOf(`/api/pull-tickets/${ticket.id}`);
    expect(deleted).toMatchObject({ by: 'Bob Editor', action: 'Deleted', changes: [] });
  });

  it('answers 404 to another company for each kind of document, and for an id that never was', async () => {
    const ticket = await pendingTicket(inv, T);
    const order = (await as(ann).get('/api/sales-orders').expect(200)).body[0];
    const po = (await as(ann).get('/api/purchase-orders').expect(200)).body[0];
    const stranger: CallerIdentity = { tenantId: 't-history-other', userId: 'user-x', role: 'owner', memberName: 'Xena Outsider' };
    for (const path of [`/api/pull-tickets/${ticket.id}`, `/api/sales-orders/${order.id}`, `/api/purchase-orders/${po.id}`]) {
      await as(stranger).get(`${path}/history`).expect(404);
      expect((await historyOf(path)).length).toBeGreaterThan(0);
    }
    await as(ann).get('/api/sales-orders/999999999/history').expect(404);
  });

  it("records the broker's status change of a purchase order, and not the units orders draw from it", async () => {
    const po = (await as(ann).get('/api/purchase-orders?search=PO-7001-BL').expect(200)).body[0];
    const before = await historyOf(`/api/purchase-orders/${po.id}`);
    await acceptedOrder(inv, T, 'draw-1', 'EST-DRAW-1-BL');
    expect(await historyOf(`/api/purchase-orders/${po.id}`)).toEqual(before);

    await as(bob).post(`/api/purchase-orders/${po.id}/status`, { status: 'closed' }).set('If-Match', po.version).expect(200);
    const [closed] = await historyOf(`/api/purchase-orders/${po.id}`);
    expect(closed).toMatchObject({ by: 'Bob Editor', action: 'Status changed', changes: [{ field: 'Status', before: 'open', after: 'closed' }] });
  });

  it("records a save of a bulk PO's program terms by each term changed, and nothing for a save that changes none", async () => {
    await inv.deliver(
      poEvent(T, [
        purchaseOrder('h1', 'PO-H1-BL', [line('1', 'flyer', 5000)], { txnDate: '2025-01-10', vendorName: 'Harbor Paper' }),
        purchaseOrder('h2', 'PO-H2-BL', [line('1', 'flyer', 2000)], { txnDate: '2025-02-01', vendorName: 'Harbor Paper' }),
        purchaseOrder('h3', 'PO-H3', [line('1', 'card', 10)], { vendorName: 'Harbor Paper' }),
      ]),
    );
    const po = (await as(ann).get('/api/purchase-orders?search=PO-H1-BL').expect(200)).body[0];
    const path = `/api/purchase-orders/${po.id}`;
    const save = async (body: object) => {
      const { version } = (await as(bob).get(`${path}/program`).expect(200)).body;
      await as(bob).put(`${path}/program`, body).set('If-Match', `"${version}"`).expect(200);
    };
    const imported = await historyOf(path);

    await save({ minReleaseQuantity: 2500, releaseCharge: 25 });
    const [first] = await historyOf(path);
    expect(first).toMatchObject({
      by: 'Bob Editor',
      memberId: 'user-bob',
      action: 'Program terms saved',
      changes: [
        { field: 'Terms from', before: 'Product defaults', after: 'Terms of this PO' },
        { field: 'Minimum release', before: null, after: '2,500' },
        { field: 'Release charge', before: '$0.00', after: '$25.00' },
      ],
    });
    await save({ minReleaseQuantity: 3000, storageChargePerMonth: 1.5, storageChargeBasis: 'per1000', notes: 'Call first' });
    const [second] = await historyOf(path);
    expect(second).toMatchObject({
      action: 'Program terms saved',
      changes: [
        { field: 'Minimum release', before: '2,500', after: '3,000' },
        { field: 'Storage charge', before: null, after: '$1.50 a month per 1,000 units' },
        { field: 'Notes', before: null, after: 'Call first' },
      ],
    });
    await save({ minReleaseQuantity: 3000 });
    const after = await historyOf(path);
    expect(after).toHaveLength(imported.length + 2);
    // The PO's own fields did not change: a later change of them lists only themselves.
    expect(after.slice(2)).toEqual(imported);
    await as(bob).post(`${path}/status`, { status: 'closed' }).set('If-Match', po.version).expect(200);
    expect((await historyOf(path))[0]!.changes).toEqual([{ field: 'Status', before: 'open', after: 'closed' }]);
  });

  it("records a save of a vendor's defaults in each bulk PO reading them, and in none with terms of its own", async () => {
    const ids = Object.fromEntries(
      ((await as(ann).get('/api/purchase-orders?search=PO-H').expect(200)).body as { poNumber: string; id: number }[]).map((po) => [po.poNumber, po.id]),
    );
    const lengths = async () =>
      Object.fromEntries(await Promise.all(Object.entries(ids).map(async ([number, id]) => [number, (await historyOf(`/api/purchase-orders/${id}`)).length])));
    const before = await lengths();
    const defaults = '/api/vendors/Harbor%20Paper/program-defaults';
    const { version } = (await as(bob).get(defaults).expect(200)).body;
    await as(bob).put(defaults, { releaseCharge: 35, termMonths: 18 }).set('If-Match', `"${version}"`).expect(200);

    expect(await lengths()).toEqual({ ...before, 'PO-H2-BL': before['PO-H2-BL'] + 1 });
    const [entry] = await historyOf(`/api/purchase-orders/${ids['PO-H2-BL']}`);
    expect(entry).toMatchObject({
      by: 'Bob Editor',
      action: "Vendor's program defaults saved",
      changes: [
        { field: 'Terms from', before: 'Product defaults', after: "Vendor's defaults" },
        { field: 'Expires on', before: '2026-02-01', after: '2026-08-01' },
        { field: 'Release charge', before: '$0.00', after: '$35.00' },
      ],
    });
  });

  it('refuses to change or remove an entry, whoever asks', async () => {
    await expect(inv.db.knex('document_history').where({ tenant_id: T }).update({ actor: 'Someone else' })).rejects.toThrow(/append-only/);
    await expect(inv.db.knex('document_history').where({ tenant_id: T }).delete()).rejects.toThrow(/append-only/);
  });
});

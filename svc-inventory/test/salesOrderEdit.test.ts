import { reconcile } from '../src/index.js';
import { line, poEvent, purchaseOrder, estimate, estimateEvent, startInventory, type TestInventory } from './support/service.js';

const T = 't-edit';
let inv: TestInventory;
let so: { id: number; bulkPoId: number };
let poIds: Record<string, number>;

beforeAll(async () => {
  inv = await startInventory();
  await inv.deliver(
    poEvent(T, [
      purchaseOrder('1', 'PO-A-BL', [line('1', 'flyer', 500)], { txnDate: '2025-01-01' }),
      purchaseOrder('2', 'PO-B-BL', [line('1', 'flyer', 1000), line('2', 'card', 300)], { txnDate: '2025-02-01' }),
    ]),
  );
  await inv.deliver(poEvent('t-other', [purchaseOrder('9', 'PO-X-BL', [line('1', 'flyer', 100000), line('2', 'card', 100000)])]));
  await inv.deliver(estimateEvent(T, [estimate('50', 'EST-50-BL', [line('1', 'flyer', 200, 0.1)])]));
  so = (await inv.api(T).get('/api/sales-orders').expect(200)).body[0];
  poIds = Object.fromEntries(
    (await inv.api(T).get('/api/purchase-orders').expect(200)).body.map((po: { poNumber: string; id: number }) => [po.poNumber, po.id]),
  );
});
afterAll(() => inv.close());

const form = (overrides: object = {}) => ({
  id: so.id,
  customerName: 'Acme Marketing',
  customerEmail: 'buyer@acme.test',
  status: 'active',
  bulkPoId: poIds['PO-A-BL'],
  totalQuantity: 200,
  totalAmount: '20.00',
  items: JSON.stringify([{ itemId: 'flyer', itemName: 'Flyer', quantity: 200, unitPrice: 0.1, totalPrice: 20 }]),
  ...overrides,
});
const remaining = async () =>
  Object.fromEntries(
    (await inv.api(T).get('/api/purchase-orders').expect(200)).body.map((po: { poNumber: string; quantityRemaining: number }) => [
      po.poNumber,
      po.quantityRemaining,
    ]),
  );

describe('editing a sales order', () => {
  it('re-allocates to the chosen bulk PO in one go and marks the order for write-back', async () => {
    const items = [
      { itemId: 'flyer', itemName: 'Flyer', quantity: 300, unitPrice: 0.1 },
      { item_id: 'card', item_name: 'Card', qty: 100, unit_price: 0.5 },
    ];
    const res = await inv
      .api(T)
      .edit(`/api/sales-orders/${so.id}`, form({ bulkPoId: poIds['PO-B-BL'], items }))
      .expect(200);
    expect(res.body).toMatchObject({ status: 'active', bulkPoId: poIds['PO-B-BL'], totalQuantity: 400, totalAmount: '80.00', syncStatus: 'pending' });
    expect(res.body.items[1]).toEqual({
      lineId: null,
      itemId: 'card',
      itemName: 'Card',
      quantity: 100,
      unitPrice: 0.5,
      totalPrice: 50,
      description: null,
      sku: null,
      bundle: null,
      releasedQuantity: 0,
      shippedQuantity: 0,
    });
    expect(await remaining()).toEqual({ 'PO-A-BL': 500, 'PO-B-BL': 1300 - 400 });
  });

  it.each([
    ['no items', { items: '[]' }, 'At least one item is required'],
    ['no customer name', { customerName: '  ' }, 'Customer name is required'],
    ['quantity 0', { items: [{ itemId: 'flyer', quantity: 0, unitPrice: 1 }] }, 'Quantity must be more than 0'],
    ['negative price', { items: [{ itemId: 'flyer', quantity: 1, unitPrice: -1 }] }, 'Unit price must be at least 0'],
    ['a bad e-mail', { customerEmail: 'nope' }, 'Customer email must be a valid e-mail address'],
    ['an unknown status', { status: 'shipped' }, 'Status must be one of active, pending, completed, cancelled'],
  ])('refuses %s with the message the form shows and changes nothing', async (_name, overrides, message) => {
    const before = (await inv.api(T).get(`/api/sales-orders/${so.id}`).expect(200)).body;
    const res = await inv.api(T).edit(`/api/sales-orders/${so.id}`, form(overrides)).expect(400);
    expect(res.body.message).toBe(message);
    expect((await inv.api(T).get(`/api/sales-orders/${so.id}`).expect(200)).body).toEqual(before);
  });

  it.each([
    ['active without a bulk PO', { bulkPoId: null }],
    ['a bulk PO short of an item', { bulkPoId: 'PO-A-BL', items: [{ itemId: 'card', quantity: 1, unitPrice: 1 }] }],
    ["another tenant's bulk PO", { bulkPoId: 'other' }],
  ])('refuses %s and leaves order and ledger unchanged', async (_name, overrides) => {
    const otherPo = (await inv.api('t-other').get('/api/purchase-orders').expect(200)).body[0].id;
    const resolved = {
      ...overrides,
      bulkPoId: overrides.bulkPoId === 'other' ? otherPo : overrides.bulkPoId === 'PO-A-BL' ? poIds['PO-A-BL'] : overrides.bulkPoId,
    };
    const before = (await inv.api(T).get(`/api/sales-orders/${so.id}`).expect(200)).body;
    const levels = await remaining();
    const res = await inv.api(T).edit(`/api/sales-orders/${so.id}`, form(resolved)).expect(422);
    expect(res.body.message).toBe('Bulk Purchase Order with sufficient inventory is required when status is Active');
    expect((await inv.api(T).get(`/api/sales-orders/${so.id}`).expect(200)).body).toEqual(before);
    expect(await remaining()).toEqual(levels);
  });

  it('cancelling releases the allocation; another tenant cannot see or edit the order', async () => {
    await inv.api('t-other').edit(`/api/sales-orders/${so.id}`, form()).expect(404);
    await inv.api('t-other').get(`/api/sales-orders/${so.id}`).expect(404);
    await inv.api(T).get('/api/sales-orders/not-a-number').expect(404);
    const res = await inv
      .api(T)
      .edit(`/api/sales-orders/${so.id}`, form({ status: 'cancelled', bulkPoId: null }))
      .expect(200);
    expect(res.body).toMatchObject({ status: 'cancelled', bulkPoId: null });
    expect(await remaining()).toEqual({ 'PO-A-BL': 500, 'PO-B-BL': 1300 });
  });
});

describe('an edit QuickBooks has not taken yet', () => {
  const E = 't-unsent';
  let poId: number;
  let serial = 70;
  /** An estimate of two lines at `version` (its SyncToken), as a webhook brings it; every version in the same second, as a bookkeeper's quick edits are. */
  const sent = (qbId: string, version: number, lines: [number, number], extra: object = {}) =>
    estimateEvent(E, [
      estimate(qbId, `EST-${qbId}-BL`, [line('2', 'flyer', lines[0], 0.1544), line('8', 'card', lines[1], 0.5)], {
        syncToken: String(version),
        qbUpdatedAt: '2026-11-27T10:00:00Z',
        ...extra,
      }),
    ]);
  const read = async (id: number) => (await inv.api(E).get(`/api/sales-orders/${id}`).expect(200)).body;
  const quantities = async (id: number) => (await read(id)).items.map((item: { quantity: number }) => item.quantity);
  const edit = (id: number) => inv.api(E, 'svc-sync').get(`/api/internal/sales-orders/${id}/estimate-edit`).expect(200);
  /** A synced order; then the broker changes line 8 to `card` units and saves. */
  async function editedOrder(card: number) {
    const qbId = String(serial++);
    await inv.deliver(sent(qbId, 0, [4, 100]));
    const order = (await inv.api(E).get(`/api/sales-orders?search=EST-${qbId}-BL`).expect(200)).body[0];
    const items = order.items.map((item: { lineId: string; quantity: number }) => (item.lineId === '8' ? { ...item, quantity: card } : item));
    await inv.api(E).edit(`/api/sales-orders/${order.id}`, { customerName: order.customerName, status: 'active', bulkPoId: poId, items }).expect(200);
    return { id: order.id as number, qbId };
  }

  beforeAll(async () => {
    await inv.deliver(poEvent(E, [purchaseOrder('7', 'PO-E-BL', [line('1', 'flyer', 100_000), line('2', 'card', 100_000)])]));
    poId = (await inv.api(E).get('/api/purchase-orders').expect(200)).body[0].id;
  });

  it.each(['pending', 'syncing', 'error'])('survives the same or an older version of the estimate while its write-back is %s', async (syncStatus) => {
    const { id, qbId } = await editedOrder(120);
    if (syncStatus !== 'pending')
      await inv
        .api(E, 'svc-sync')
        .post(`/api/internal/sales-orders/${id}/sync-result`, { syncStatus, syncError: syncStatus === 'error' ? 'Stale object' : null })
        .expect(200);
    await inv.deliver(sent(qbId, 0, [4, 100]));
    expect(await quantities(id)).toEqual([4, 120]);
    expect((await read(id)).syncStatus).toBe(syncStatus);
  });

  it("keeps the broker's change and takes the bookkeeper's to another line, and write-back then sends only the broker's, on QuickBooks' new version", async () => {
    const { id, qbId } = await editedOrder(120);
    // The bookkeeper sets line 2 to 6 in QuickBooks, in the same second as the broker's save.
    await inv.deliver(sent(qbId, 1, [6, 100]));
    expect(await quantities(id)).toEqual([6, 120]);
    expect(await read(id)).toMatchObject({ syncStatus: 'pending', syncError: null, totalQuantity: 126 });
    expect((await edit(id)).body).toMatchObject({
      syncToken: '1',
      lines: [{ kind: 'changed', lineId: '8', from: { quantity: 100 }, to: { quantity: 120 } }],
    });
  });

  it('puts the order in conflict when both changed the same line, keeping both values, and writes nothing until the broker saves a choice', async () => {
    const { id, qbId } = await editedOrder(120);
    await inv.deliver(sent(qbId, 1, [4, 90]));
    const order = await read(id);
    expect(order).toMatchObject({ syncStatus: 'conflict' });
    expect(order.syncError).toContain('Line 8 quantity: PrintPool 120, QuickBooks 90');
    // The broker's value stays on the order; QuickBooks keeps its own until the broker chooses.
    expect(await quantities(id)).toEqual([4, 120]);
    const listed = (await inv.api(E).get(`/api/sales-orders?search=EST-${qbId}-BL`).expect(200)).body[0];
    expect(listed.syncStatus).toBe('conflict');
    // The dashboard counts it, and its link lists the orders in conflict and no other.
    const conflicts = async () => ({
      count: (await inv.api(E).get('/api/dashboard/stats').expect(200)).body.conflictSOs,
      listed: (await inv.api(E).get('/api/sales-orders?syncStatus=conflict').expect(200)).body.map((row: { id: number }) => row.id),
    });
    expect(await conflicts()).toEqual({ count: 1, listed: [id] });

    // The broker chooses QuickBooks' 90 and saves: the conflict is resolved and nothing is left to write.
    const items = order.items.map((item: { lineId: string }) => (item.lineId === '8' ? { ...item, quantity: 90 } : item));
    await inv.api(E).edit(`/api/sales-orders/${id}`, { customerName: order.customerName, status: 'active', bulkPoId: poId, items }).expect(200);
    expect(await read(id)).toMatchObject({ syncStatus: 'pending', syncError: null });
    expect((await edit(id)).body).toMatchObject({ syncToken: '1', lines: [] });
    expect(await conflicts()).toEqual({ count: 0, listed: [] });
  });
});

describe('units an order gives back', () => {
  const W = 't-freed';
  const order = async (soNumber: string) => (await inv.api(W).get(`/api/sales-orders?search=${soNumber}`).expect(200)).body[0];

  it('go at once to the order waiting for them, when the broker cancels or deletes the order holding them', async () => {
    await inv.deliver(poEvent(W, [purchaseOrder('1', 'PO-ONE-BL', [line('1', 'flyer', 500)])]));
    await inv.deliver(
      estimateEvent(W, [
        estimate('60', 'EST-60-BL', [line('1', 'flyer', 400)]),
        estimate('61', 'EST-61-BL', [line('1', 'flyer', 300)]),
        estimate('62', 'EST-62-BL', [line('1', 'flyer', 200)]),
      ]),
    );
    const [holding, waiting, last] = [await order('EST-60-BL'), await order('EST-61-BL'), await order('EST-62-BL')];
    expect([holding.status, waiting.status, last.status]).toEqual(['active', 'pending', 'pending']);

    await inv
      .api(W)
      .edit(`/api/sales-orders/${holding.id}`, { customerName: holding.customerName, status: 'cancelled', bulkPoId: null, items: holding.items })
      .expect(200);
    expect(await order('EST-61-BL')).toMatchObject({ status: 'active', bulkPoId: holding.bulkPoId });
    expect(await order('EST-62-BL')).toMatchObject({ status: 'active', bulkPoId: holding.bulkPoId });

    await inv.deliver(estimateEvent(W, [estimate('63', 'EST-63-BL', [line('1', 'flyer', 100)])]));
    expect(await order('EST-63-BL')).toMatchObject({ status: 'pending', bulkPoId: null });
    await inv.api(W).delete(`/api/sales-orders/${last.id}`).expect(204);
    expect(await order('EST-63-BL')).toMatchObject({ status: 'active', bulkPoId: holding.bulkPoId });
    expect((await inv.api(W).get('/api/purchase-orders').expect(200)).body[0].quantityRemaining).toBe(100);
  });
});

describe('units an order gives back, beside orders drawn from another PO', () => {
  const M = 't-freed-only';
  const order = async (soNumber: string) => (await inv.api(M).get(`/api/sales-orders?search=${soNumber}`).expect(200)).body[0];
  const actions = async (id: number) =>
    ((await inv.api(M).get(`/api/sales-orders/${id}/history`).expect(200)).body as { action: string }[]).map((entry) => entry.action);

  it('go to the order waiting for them and leave the orders that were not waiting where they are', async () => {
    await inv.deliver(
      poEvent(M, [
        purchaseOrder('1', 'PO-OLD-BL', [line('1', 'flyer', 500)], { txnDate: '2025-01-01' }),
        purchaseOrder('2', 'PO-NEW-BL', [line('1', 'flyer', 500)], { txnDate: '2025-02-01' }),
      ]),
    );
    await inv.deliver(
      estimateEvent(M, [
        estimate('70', 'EST-70-BL', [line('1', 'flyer', 400)], { txnDate: '2025-03-01' }),
        estimate('71', 'EST-71-BL', [line('1', 'flyer', 300)], { txnDate: '2025-03-02' }),
        estimate('72', 'EST-72-BL', [line('1', 'flyer', 300)], { txnDate: '2025-03-03' }),
      ]),
    );
    const [holding, onNewer, waiting] = [await order('EST-70-BL'), await order('EST-71-BL'), await order('EST-72-BL')];
    const pos = Object.fromEntries(
      (await inv.api(M).get('/api/purchase-orders').expect(200)).body.map((po: { poNumber: string; id: number }) => [po.poNumber, po.id]),
    );
    expect([holding.bulkPoId, onNewer.bulkPoId, waiting.status]).toEqual([pos['PO-OLD-BL'], pos['PO-NEW-BL'], 'pending']);

    await inv
      .api(M)
      .edit(`/api/sales-orders/${holding.id}`, { customerName: holding.customerName, status: 'cancelled', bulkPoId: null, items: holding.items })
      .expect(200);
    expect(await order('EST-72-BL')).toMatchObject({ status: 'active', bulkPoId: pos['PO-OLD-BL'] });
    expect(await order('EST-71-BL')).toMatchObject({ status: 'active', bulkPoId: pos['PO-NEW-BL'] });
    expect(await actions(onNewer.id)).not.toContain('Re-allocated');
    expect(await actions(waiting.id)).toContain('Re-allocated');
  });
});

describe('stock follows the goods (docs/architecture.md §5)', () => {
  const G = 't-goods';
  let order: { id: number; bulkPoId: number };
  const pos = async () =>
    Object.fromEntries(
      (await inv.api(G).get('/api/purchase-orders').expect(200)).body.map((po: { poNumber: string; quantityRemaining: number }) => [
        po.poNumber,
        po.quantityRemaining,
      ]),
    );
  const save = (overrides: object) =>
    inv
      .api(G)
      .edit(`/api/sales-orders/${order.id}`, {
        ...form({ id: order.id, items: JSON.stringify([{ itemId: 'flyer', itemName: 'Flyer', quantity: 6201.5, unitPrice: 0.1544 }]) }),
        ...overrides,
      })
      .expect(200);

  beforeAll(async () => {
    await inv.deliver(poEvent(G, [purchaseOrder('26', '4026-BL', [line('1', 'flyer', 89800)])]));
    // Accepted in QuickBooks: the vendor is pulling it (processing), drawn from 4026-BL.
    await inv.deliver(estimateEvent(G, [estimate('48', '1048-BL', [line('1', 'flyer', 6201.5, 0.1544)], { txnStatus: 'Accepted' })]));
    order = (await inv.api(G).get('/api/sales-orders').expect(200)).body[0];
    expect(order).toMatchObject({ status: 'processing', bulkPoId: expect.any(Number) });
    expect(await pos()).toEqual({ '4026-BL': 83598.5 });
  });

  it.each([
    ['re-saving the processing order as it is', { status: 'processing' }],
    ['completing it', { status: 'completed' }],
    ['completing it from a form that sends no bulk PO for a completed order', { status: 'completed', bulkPoId: null }],
    ['re-saving it, completed, with no bulk PO sent', { status: 'completed', bulkPoId: null }],
  ])('%s keeps its bulk PO and the PO remaining unchanged', async (_name, overrides) => {
    const res = await save({ bulkPoId: order.bulkPoId, ...overrides });
    expect(res.body).toMatchObject({ bulkPoId: order.bulkPoId, totalQuantity: 6201.5 });
    expect(await pos()).toEqual({ '4026-BL': 83598.5 });
    expect(await reconcile(inv.db.knex, { tenantId: G })).toEqual({ drift: [], fixed: false });
  });

  it('refuses to make an order processing: only QuickBooks does, when the estimate is accepted', async () => {
    const other = (await inv.api(T).get(`/api/sales-orders/${so.id}`).expect(200)).body;
    const res = await inv
      .api(T)
      .edit(`/api/sales-orders/${so.id}`, form({ status: 'processing', bulkPoId: other.bulkPoId }))
      .expect(422);
    expect(res.body).toMatchObject({ message: 'An order becomes processing when its estimate is accepted in QuickBooks', details: { field: 'status' } });
    expect((await inv.api(T).get(`/api/sales-orders/${so.id}`).expect(200)).body).toEqual(other);
  });

  it('an order edited down returns only the units it no longer needs; cancelled, all of them', async () => {
    await save({
      status: 'completed',
      bulkPoId: null,
      items: JSON.stringify([{ itemId: 'flyer', itemName: 'Flyer', quantity: 6000, unitPrice: 0.1544 }]),
    });
    expect(await pos()).toEqual({ '4026-BL': 83800 });
    await save({ status: 'cancelled', bulkPoId: null });
    expect(await pos()).toEqual({ '4026-BL': 89800 });
    expect(await reconcile(inv.db.knex, { tenantId: G })).toEqual({ drift: [], fixed: false });
  });
});

describe('versioned saves: no edit is lost', () => {
  const V = 't-versions';
  let poId: number;
  const read = async (id: number) => (await inv.api(V).get(`/api/sales-orders/${id}`).expect(200)).body;
  const saveAt = (id: number, version: string, body: object) => inv.api(V).put(`/api/sales-orders/${id}`, body).set('If-Match', `"${version}"`);
  const withQuantity = (order: { items: { lineId: string; quantity: number }[] }, lineId: string, quantity: number) =>
    order.items.map((item) => (item.lineId === lineId ? { ...item, quantity } : item));
  const form = (order: { customerName: string; items: unknown[] }, items = order.items) => ({
    customerName: order.customerName,
    status: 'active',
    bulkPoId: poId,
    items,
  });

  beforeAll(async () => {
    await inv.deliver(poEvent(V, [purchaseOrder('1', 'PO-V-BL', [line('1', 'flyer', 100_000), line('2', 'card', 100_000)])]));
    poId = (await inv.api(V).get('/api/purchase-orders').expect(200)).body[0].id;
  });

  async function syncedOrder(qbId: string) {
    await inv.deliver(estimateEvent(V, [estimate(qbId, `EST-${qbId}-BL`, [line('2', 'flyer', 4, 0.1544), line('8', 'card', 100, 0.5)])]));
    return (await inv.api(V).get(`/api/sales-orders?search=EST-${qbId}-BL`).expect(200)).body[0];
  }

  it('answers its version as a field and as the ETag, and refuses a save that names none, naming If-Match', async () => {
    const order = await syncedOrder('90');
    const res = await inv.api(V).get(`/api/sales-orders/${order.id}`).expect(200);
    expect(res.headers.etag).toBe(`"${res.body.version}"`);
    const refused = await inv.api(V).put(`/api/sales-orders/${order.id}`, form(order)).expect(400);
    expect(refused.body.message).toBe('If-Match: send the version the record was read at (its ETag)');
    expect(await read(order.id)).toEqual(res.body);
  });

  it("refuses a second member's save based on an older version, with the order as it now is and what differs; saved again from it, both changes stand", async () => {
    const opened = await syncedOrder('91');
    // Ann and Bob open the order; Ann sets line 2 to 6 and saves.
    const ann = await saveAt(opened.id, opened.version, form(opened, withQuantity(opened, '2', 6))).expect(200);
    expect(ann.body.version).not.toBe(opened.version);
    // Bob saves the form he opened, changing only line 8.
    const bob = await saveAt(opened.id, opened.version, form(opened, withQuantity(opened, '8', 120))).expect(409);
    expect(bob.body).toMatchObject({
      code: 'VERSION_CONFLICT',
      message: 'Someone changed this sales order since you opened it: Item Item flyer quantity, Item Item card quantity',
      details: {
        current: {
          version: ann.body.version,
          items: [expect.objectContaining({ lineId: '2', quantity: 6 }), expect.objectContaining({ lineId: '8', quantity: 100 })],
        },
        differences: [
          { field: 'Item Item flyer quantity', path: ['items', '2', 'quantity'], current: 6, proposed: 4 },
          { field: 'Item Item card quantity', path: ['items', '8', 'quantity'], current: 100, proposed: 120 },
        ],
      },
    });
    expect((await read(opened.id)).items.map((item: { quantity: number }) => item.quantity)).toEqual([6, 100]);
    // Bob keeps Ann's line 2 and his line 8, and saves on the version he was shown.
    const current = bob.body.details.current;
    await saveAt(opened.id, current.version, form(current, withQuantity(current, '8', 120))).expect(200);
    expect((await read(opened.id)).items.map((item: { quantity: number }) => item.quantity)).toEqual([6, 120]);
  });

  it("never reverts a bookkeeper's edit imported after the broker opened the form", async () => {
    const opened = await syncedOrder('92');
    await inv.deliver(estimateEvent(V, [estimate('92', 'EST-92-BL', [line('2', 'flyer', 6, 0.1544), line('8', 'card', 100, 0.5)], { syncToken: '1' })]));
    const stale = await saveAt(opened.id, opened.version, form(opened, withQuantity(opened, '8', 120))).expect(409);
    expect(stale.body.details.differences).toContainEqual({ field: 'Item Item flyer quantity', path: ['items', '2', 'quantity'], current: 6, proposed: 4 });
    const order = await read(opened.id);
    expect(order).toMatchObject({ syncStatus: 'synced' });
    expect((await inv.api(V, 'svc-sync').get(`/api/internal/sales-orders/${opened.id}/estimate-edit`).expect(200)).body.lines).toEqual([]);
  });
});

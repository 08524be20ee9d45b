import { createEvent } from '@printpool/contracts';
import { line, poEvent, purchaseOrder, qbTime, settingsEvent, startInventory, type TestInventory } from './support/service.js';

const T = 't-manual';
let inv: TestInventory;
let poIds: Record<string, number>;

beforeAll(async () => {
  inv = await startInventory();
  await inv.deliver(settingsEvent(T, '-BL', '-BL'));
  await inv.deliver(
    poEvent(T, [
      purchaseOrder('1', 'PO-A-BL', [line('1', 'flyer', 500)], { txnDate: '2025-01-01' }),
      purchaseOrder('2', 'PO-B-BL', [line('1', 'flyer', 1000), line('2', 'card', 300)], { txnDate: '2025-02-01' }),
    ]),
  );
  await inv.deliver(poEvent('t-manual-other', [purchaseOrder('9', 'PO-X-BL', [line('1', 'flyer', 100000)])]));
  await inv.deliver(
    createEvent('accounting.vendor.upserted', T, {
      realmId: 'r',
      vendors: [vendor('v1', 'Pinnacle Press', 'fulfil@pinnacle.test'), vendor('v2', 'Old Mill Paper', 'mill@old.test', false)],
    }),
  );
  await inv.deliver(
    createEvent('accounting.item.upserted', T, {
      realmId: 'r',
      items: [
        {
          qbId: 'flyer',
          name: 'Flyer',
          sku: 'FLY',
          description: null,
          unitPrice: 0.22,
          purchaseCost: 0.0841,
          type: 'Inventory',
          active: true,
          qbUpdatedAt: qbTime(),
        },
        {
          qbId: 'card',
          name: 'Card',
          sku: 'BC',
          description: null,
          unitPrice: 0.5,
          purchaseCost: null,
          type: 'Inventory',
          active: true,
          qbUpdatedAt: qbTime(),
        },
        // An event from before sync read the cost: none.
        { qbId: 'poster', name: 'Poster', sku: 'PST', description: null, unitPrice: 3, type: 'Inventory', active: true, qbUpdatedAt: qbTime() },
      ],
    }),
  );
  poIds = await poNumbers();
});

function vendor(qbId: string, displayName: string, email: string, active = true) {
  return { qbId, displayName, companyName: null, email, phone: '(512) 555-0199', fax: null, address: null, active, qbUpdatedAt: qbTime() };
}
afterAll(() => inv.close());

async function poNumbers(tenant = T): Promise<Record<string, number>> {
  return Object.fromEntries(
    (await inv.api(tenant).get('/api/purchase-orders').expect(200)).body.map((po: { poNumber: string; id: number }) => [po.poNumber, po.id]),
  );
}
const remaining = async () =>
  Object.fromEntries(
    (await inv.api(T).get('/api/purchase-orders').expect(200)).body.map((po: { poNumber: string; quantityRemaining: number }) => [
      po.poNumber,
      po.quantityRemaining,
    ]),
  );

const salesOrder = (overrides: object = {}) => ({
  soNumber: 'SO-M-1',
  customerName: 'Acme Marketing',
  customerEmail: 'buyer@acme.test',
  status: 'active',
  bulkPoId: poIds['PO-B-BL'],
  items: JSON.stringify([
    { itemId: 'flyer', itemName: 'Flyer', quantity: 200, unitPrice: 0.1 },
    { itemId: 'card', itemName: 'Card', quantity: 100, unitPrice: 0.5 },
  ]),
  ...overrides,
});

describe('a manual sales order', () => {
  it('is created with source Manual (no qbId), drawn from the chosen bulk PO and kept there', async () => {
    const res = await inv.api(T).post('/api/sales-orders', salesOrder()).expect(201);
    expect(res.body).toMatchObject({
      soNumber: 'SO-M-1',
      qbId: null,
      customerName: 'Acme Marketing',
      status: 'active',
      bulkPoId: poIds['PO-B-BL'],
      totalQuantity: 300,
      totalAmount: '70.00',
      syncStatus: 'pending',
    });
    expect(res.body.items.map((item: { itemId: string; quantity: number }) => [item.itemId, item.quantity])).toEqual([
      ['flyer', 200],
      ['card', 100],
    ]);
    expect(await remaining()).toEqual({ 'PO-A-BL': 500, 'PO-B-BL': 1300 - 300 });
    const row = await inv.db.knex('sales_orders').where({ id: res.body.id }).first('po_chosen_by_broker');
    expect(row.po_chosen_by_broker).toBe(true);
    const listed = (await inv.api(T).get('/api/sales-orders?search=SO-M-1').expect(200)).body;
    expect(listed.map((so: { id: number }) => so.id)).toEqual([res.body.id]);
  });

  it('without a chosen PO is drawn from the oldest covering bulk PO, like any other order', async () => {
    const res = await inv
      .api(T)
      .post(
        '/api/sales-orders',
        salesOrder({ soNumber: 'SO-M-2', status: 'pending', bulkPoId: null, items: [{ itemId: 'flyer', quantity: 50, unitPrice: 1 }] }),
      )
      .expect(201);
    expect(res.body).toMatchObject({ status: 'pending', bulkPoId: poIds['PO-A-BL'], qbId: null });
    expect(await remaining()).toEqual({ 'PO-A-BL': 450, 'PO-B-BL': 1000 });
  });

  it('waits, noting why, when no bulk PO covers it', async () => {
    const res = await inv
      .api(T)
      .post(
        '/api/sales-orders',
        salesOrder({ soNumber: 'SO-M-3', status: 'pending', bulkPoId: null, items: [{ itemId: 'poster', quantity: 5, unitPrice: 1 }] }),
      )
      .expect(201);
    expect(res.body).toMatchObject({ status: 'pending', bulkPoId: null });
    const row = await inv.db.knex('sales_orders').where({ id: res.body.id }).first('allocation_note');
    expect(row.allocation_note).toBe('No bulk purchase orders with sufficient inventory for these items');
  });

  it('refuses a number already taken in the tenant (409 naming soNumber), whatever its case; another tenant may use it', async () => {
    const before = await remaining();
    const res = await inv
      .api(T)
      .post('/api/sales-orders', salesOrder({ soNumber: 'so-m-1' }))
      .expect(409);
    expect(res.body.message).toBe('SO number so-m-1 is already taken');
    expect(res.body.details).toEqual({ field: 'soNumber' });
    expect(await remaining()).toEqual(before);
    await inv
      .api('t-manual-other')
      .post('/api/sales-orders', salesOrder({ bulkPoId: null, status: 'pending' }))
      .expect(201);
  });

  it.each([
    ['no number', { soNumber: '  ' }, 'SO number is required', 'soNumber'],
    ['a number longer than QuickBooks keeps', { soNumber: 'X'.repeat(22) }, 'SO number must be at most 21 characters', 'soNumber'],
    ['no items', { items: '[]' }, 'At least one item is required', 'items'],
    ['no customer name', { customerName: '' }, 'Customer name is required', 'customerName'],
    ['quantity 0', { items: [{ itemId: 'flyer', quantity: 0, unitPrice: 1 }] }, 'Quantity must be more than 0', 'items.0.quantity'],
    ['a bad e-mail', { customerEmail: 'nope' }, 'Customer email must be a valid e-mail address', 'customerEmail'],
    ['an unknown status', { status: 'processing' }, 'Status must be one of active, pending, completed, cancelled', 'status'],
  ])('refuses %s with the message the form shows, naming the field, and writes nothing', async (_name, overrides, message, field) => {
    const count = (await inv.api(T).get('/api/sales-orders').expect(200)).body.length;
    const res = await inv
      .api(T)
      .post('/api/sales-orders', salesOrder({ soNumber: 'SO-M-BAD', ...overrides }))
      .expect(400);
    expect(res.body.message).toBe(message);
    expect(res.body.details.issues[0].field).toBe(field);
    expect((await inv.api(T).get('/api/sales-orders').expect(200)).body.length).toBe(count);
  });

  it.each([
    ['active without a bulk PO', { bulkPoId: null }],
    ['a bulk PO short of an item', { bulkPoId: 'PO-A-BL' }],
    ["another tenant's bulk PO", { bulkPoId: 'other' }],
  ])('refuses %s (422) and leaves no order and the ledger unchanged', async (_name, overrides) => {
    const other = (await poNumbers('t-manual-other'))['PO-X-BL'];
    const bulkPoId = overrides.bulkPoId === 'other' ? other : overrides.bulkPoId === 'PO-A-BL' ? poIds['PO-A-BL'] : overrides.bulkPoId;
    const levels = await remaining();
    const res = await inv
      .api(T)
      .post('/api/sales-orders', salesOrder({ soNumber: 'SO-M-422', bulkPoId }))
      .expect(422);
    expect(res.body.message).toBe('Bulk Purchase Order with sufficient inventory is required when status is Active');
    expect(res.body.details).toEqual({ field: 'bulkPoId' });
    expect((await inv.api(T).get('/api/sales-orders?search=SO-M-422').expect(200)).body).toEqual([]);
    expect(await remaining()).toEqual(levels);
  });
});

describe('a manual purchase order', () => {
  it('is bulk by its suffix, joins the pool and serves an order that was waiting for it', async () => {
    const waiting = (await inv.api(T).get('/api/sales-orders?search=SO-M-3').expect(200)).body[0];
    const res = await inv
      .api(T)
      .post('/api/purchase-orders', {
        poNumber: 'PO-M-1-BL',
        vendorName: 'Pinnacle Press',
        vendorEmail: 'orders@pinnacle.test',
        items: [{ itemId: 'poster', itemName: 'Poster', quantity: 40, unitPrice: 0.25 }],
      })
      .expect(201);
    expect(res.body).toMatchObject({
      poNumber: 'PO-M-1-BL',
      qbId: null,
      poType: 'BULK',
      status: 'open',
      vendorName: 'Pinnacle Press',
      totalQuantity: 40,
      quantityRemaining: 35,
      totalAmount: '10.00',
    });
    expect((await inv.api(T).get(`/api/sales-orders/${waiting.id}`).expect(200)).body).toMatchObject({ bulkPoId: res.body.id });
    const open = (await inv.api(T).get('/api/purchase-orders/bulk/open').expect(200)).body;
    expect(open.find((po: { id: number }) => po.id === res.body.id)).toMatchObject({ quantityRemaining: 35 });
  });

  it('is standard without the suffix, and never in the pool', async () => {
    const res = await inv
      .api(T)
      .post('/api/purchase-orders', {
        poNumber: 'PO-M-2',
        vendorName: 'Metro Print',
        vendorEmail: 'orders@metro.test',
        addVendor: true,
        items: [{ itemId: 'flyer', quantity: 10 }],
      })
      .expect(201);
    expect(res.body).toMatchObject({ poType: 'STANDARD', qbId: null, totalQuantity: 10 });
    const open = (await inv.api(T).get('/api/purchase-orders/bulk/open').expect(200)).body;
    expect(open.map((po: { id: number }) => po.id)).not.toContain(res.body.id);
  });

  it.each([
    ['a number taken (409)', { poNumber: 'po-a-bl' }, 409, 'PO number po-a-bl is already taken', 'poNumber'],
    ['no vendor', { vendorName: ' ' }, 400, 'Vendor is required', 'vendorName'],
    ['no items', { items: [] }, 400, 'At least one item is required', 'items'],
    ['a line without an item', { items: [{ itemId: '', quantity: 1 }] }, 400, 'Item is required', 'items.0.itemId'],
    ['quantity 0', { items: [{ itemId: 'flyer', quantity: 0 }] }, 400, 'Quantity must be more than 0', 'items.0.quantity'],
    ['a bad vendor e-mail', { vendorEmail: 'x@' }, 400, 'Vendor email must be a valid e-mail address', 'vendorEmail'],
  ])('refuses %s naming the field', async (_name, overrides, status, message, field) => {
    const before = await poNumbers();
    const res = await inv
      .api(T)
      .post('/api/purchase-orders', { poNumber: 'PO-M-BAD-BL', vendorName: 'Pinnacle Press', items: [{ itemId: 'flyer', quantity: 1 }], ...overrides })
      .expect(status);
    expect(res.body.message).toBe(message);
    expect(res.body.details.issues?.[0].field ?? res.body.details.field).toBe(field);
    expect(await poNumbers()).toEqual(before);
  });

  it('is deleted releasing only what it holds: its order is drawn again elsewhere or waits; other orders keep theirs', async () => {
    const res = await inv
      .api(T)
      .post('/api/purchase-orders', { poNumber: 'PO-M-3-BL', vendorName: 'Pinnacle Press', items: [{ itemId: 'banner', quantity: 10 }] })
      .expect(201);
    const so = (
      await inv
        .api(T)
        .post(
          '/api/sales-orders',
          salesOrder({ soNumber: 'SO-M-4', status: 'pending', bulkPoId: null, items: [{ itemId: 'banner', quantity: 4, unitPrice: 1 }] }),
        )
        .expect(201)
    ).body;
    expect(so.bulkPoId).toBe(res.body.id);
    const others = (await inv.api(T).get('/api/sales-orders').expect(200)).body.filter((o: { id: number }) => o.id !== so.id);
    const levels = await remaining();

    await inv.api('t-manual-other').delete(`/api/purchase-orders/${res.body.id}`).expect(404);
    await inv.api(T).delete(`/api/purchase-orders/${res.body.id}`).expect(204);
    expect((await inv.api(T).get(`/api/sales-orders/${so.id}`).expect(200)).body).toMatchObject({ bulkPoId: null });
    const { 'PO-M-3-BL': _gone, ...rest } = levels;
    expect(await remaining()).toEqual(rest);
    expect((await inv.api(T).get('/api/sales-orders').expect(200)).body.filter((o: { id: number }) => o.id !== so.id)).toEqual(others);
  });

  it('a synced one still cannot be deleted', async () => {
    await inv.api(T).delete(`/api/purchase-orders/${poIds['PO-A-BL']}`).expect(409);
  });
});

describe('after its estimate is created', () => {
  it('the write-back result gives the manual order its qbId', async () => {
    const so = (await inv.api(T).get('/api/sales-orders?search=SO-M-2').expect(200)).body[0];
    const res = await inv
      .api(T, 'svc-sync')
      .post(`/api/internal/sales-orders/${so.id}/sync-result`, { syncStatus: 'synced', qbId: '777', syncToken: '0' })
      .expect(200);
    expect(res.body).toMatchObject({ id: so.id, qbId: '777', syncStatus: 'synced' });
  });
});

describe("a manual purchase order's vendor and costs (docs/product.md §5)", () => {
  const po = (poNumber: string, fields: object) =>
    inv.api(T).post('/api/purchase-orders', { poNumber, items: [{ itemId: 'flyer', itemName: 'Flyer', quantity: 10, unitPrice: 0.0841 }], ...fields });
  const vendors = async (query = '', tenant = T) =>
    (await inv.api(tenant).get(`/api/vendors${query}`).expect(200)).body as { name: string; qbId: string | null; email: string | null }[];

  it("shows each item's purchase cost from QuickBooks, null where it has none", async () => {
    const items = (await inv.api(T).get('/api/items').expect(200)).body as { qbId: string; unitPrice: number; purchaseCost: number | null }[];
    expect(items.map(({ qbId, unitPrice, purchaseCost }) => [qbId, unitPrice, purchaseCost])).toEqual([
      ['card', 0.5, null],
      ['flyer', 0.22, 0.0841],
      ['poster', 3, null],
    ]);
  });

  it('offers the active vendors, synced and added here, searched by name', async () => {
    expect((await vendors()).map(({ name, qbId, email }) => [name, qbId, email])).toEqual([
      ['Metro Print', null, 'orders@metro.test'],
      ['Pinnacle Press', 'v1', 'fulfil@pinnacle.test'],
    ]);
    expect((await vendors('?search=pinn')).map((v) => v.name)).toEqual(['Pinnacle Press']);
    expect(await vendors('', 't-manual-other')).toEqual([]);
  });

  it('names a synced vendor as QuickBooks spells it, keeping its QuickBooks id and reading its e-mail', async () => {
    const res = await po('PO-V-1', { vendorName: 'PINNACLE PRESS' }).expect(201);
    expect(res.body).toMatchObject({ vendorName: 'Pinnacle Press', vendorEmail: 'fulfil@pinnacle.test' });
    expect(await inv.db.knex('purchase_orders').where({ id: res.body.id }).first('vendor_qb_id', 'vendor_email')).toEqual({
      vendor_qb_id: 'v1',
      vendor_email: null,
    });
    // The PO's own e-mail, when the broker types one, is the PO's.
    const own = await po('PO-V-2', { vendorName: 'Pinnacle Press', vendorEmail: 'rush@pinnacle.test' }).expect(201);
    expect(own.body.vendorEmail).toBe('rush@pinnacle.test');
  });

  it.each([
    ['a vendor the company does not have', { vendorName: 'Atlas Print' }],
    ['a vendor made inactive in QuickBooks', { vendorName: 'Old Mill Paper' }],
  ])('refuses %s with 422 naming vendorName, and stores nothing', async (_name, fields) => {
    const before = await poNumbers();
    const res = await po('PO-V-BAD', fields).expect(422);
    expect(res.body).toMatchObject({
      message: `No vendor is named "${fields.vendorName}": choose one of your vendors, or add it as a new vendor`,
      details: { field: 'vendorName' },
    });
    expect(await poNumbers()).toEqual(before);
  });

  it('adds a vendor only explicitly, with its e-mail, once; the next PO chooses it', async () => {
    const noEmail = await po('PO-V-3', { vendorName: 'Atlas Print', addVendor: true }).expect(400);
    expect(noEmail.body.details.issues[0]).toEqual({ field: 'vendorEmail', message: 'Vendor email is required to add a vendor' });
    for (const vendorName of ['pinnacle press', 'METRO PRINT']) {
      const again = await po('PO-V-3', { vendorName, vendorEmail: 'x@y.test', addVendor: true }).expect(409);
      expect(again.body.details).toEqual({ field: 'vendorName' });
    }
    expect((await vendors()).map((v) => v.name)).toEqual(['Metro Print', 'Pinnacle Press']);

    const added = await po('PO-V-3', { vendorName: 'Atlas Print Works Corp.', vendorEmail: 'orders@atlas.test', addVendor: true }).expect(201);
    expect(added.body).toMatchObject({ vendorName: 'Atlas Print Works Corp.', vendorEmail: 'orders@atlas.test' });
    const next = await po('PO-V-4', { vendorName: 'atlas print works corp.' }).expect(201);
    expect(next.body).toMatchObject({ vendorName: 'Atlas Print Works Corp.', vendorEmail: 'orders@atlas.test' });
    expect((await vendors('?search=atlas')).map(({ name, qbId }) => [name, qbId])).toEqual([['Atlas Print Works Corp.', null]]);
  });

  it('offers the synced vendor alone once QuickBooks has one of the name added here', async () => {
    await inv.deliver(createEvent('accounting.vendor.upserted', T, { realmId: 'r', vendors: [vendor('v3', 'Metro Print', 'ap@metro.test')] }));
    expect((await vendors('?search=metro')).map(({ name, qbId, email }) => [name, qbId, email])).toEqual([['Metro Print', 'v3', 'ap@metro.test']]);
    const res = await po('PO-V-5', { vendorName: 'Metro Print' }).expect(201);
    expect(await inv.db.knex('purchase_orders').where({ id: res.body.id }).first('vendor_qb_id')).toEqual({ vendor_qb_id: 'v3' });
  });
});

import { createEvent, salesOrderLinesInOrder, type AccountingBundle, type AccountingLine } from '@printpool/contracts';
import { reconcile } from '../src/index.js';
import { estimate, estimateEvent, line, poEvent, purchaseOrder, qbTime, startInventory, type TestInventory } from './support/service.js';

// What real QuickBooks documents carry beyond item lines (docs/quickbooks.md "What inventory keeps").
let inv: TestInventory;
beforeAll(async () => {
  inv = await startInventory();
});
afterAll(() => inv.close());

const expense = (lineId: string, account: string, amount: number): AccountingLine => ({
  lineId,
  itemQbId: null,
  itemName: account,
  description: account,
  qty: 0,
  unitPrice: 0,
  amount,
  kind: 'expense',
  bundle: null,
});
const component = (lineId: string, itemQbId: string, qty: number, unitPrice: number, bundle: AccountingBundle): AccountingLine => ({
  ...line(lineId, itemQbId, qty, unitPrice),
  kind: 'item',
  bundle,
});

const purchaseOrders = async (tenantId: string) =>
  Object.fromEntries((await inv.api(tenantId).get('/api/purchase-orders').expect(200)).body.map((po: { poNumber: string }) => [po.poNumber, po]));
const salesOrder = async (tenantId: string, soNumber: string) => (await inv.api(tenantId).get(`/api/sales-orders?search=${soNumber}`).expect(200)).body[0];
const levels = async (tenantId: string) =>
  Object.fromEntries(
    (await inv.api(tenantId).get('/api/items').expect(200)).body.map((item: { qbId: string; virtualInventory: number }) => [item.qbId, item.virtualInventory]),
  );
const addsUp = (po: { subtotal: string; discount: string; tax: string; totalAmount: string }) =>
  (Number(po.subtotal) * 100 - Number(po.discount) * 100 + Number(po.tax) * 100) / 100 === Number(po.totalAmount);

describe('a purchase order with expense lines', () => {
  const T = 't-expense';

  it('keeps the expense with its amount, and its pool, levels and totals ignore it', async () => {
    await inv.deliver(
      createEvent('accounting.item.upserted', T, {
        realmId: 'r',
        items: [{ qbId: 'flyer', name: 'Flyer', sku: null, description: null, unitPrice: 0.1, type: 'Inventory', active: true, qbUpdatedAt: qbTime() }],
      }),
    );
    const lines = [line('1', 'flyer', 1000, 0.1), expense('2', 'Freight and Shipping Costs', 45)];
    await inv.deliver(
      poEvent(T, [purchaseOrder('1', 'PO-1-BL', lines, { totalAmount: 153.25, totals: { subtotal: 145, discount: 0, tax: 8.25 }, currency: 'USD' })]),
    );

    const po = (await purchaseOrders(T))['PO-1-BL'];
    expect(po.items).toEqual([
      {
        itemName: 'Item flyer',
        itemId: 'flyer',
        description: null,
        qty: 1000,
        unitPrice: 0.1,
        qtyRemaining: 1000,
        qtyReceived: null,
        kind: 'item',
        amount: 100,
      },
      {
        itemName: 'Freight and Shipping Costs',
        itemId: null,
        description: 'Freight and Shipping Costs',
        qty: 0,
        unitPrice: 0,
        qtyRemaining: 0,
        qtyReceived: null,
        kind: 'expense',
        amount: 45,
      },
    ]);
    expect(po).toMatchObject({
      totalQuantity: 1000,
      quantityRemaining: 1000,
      totalAmount: '153.25',
      subtotal: '145.00',
      discount: '0.00',
      tax: '8.25',
      currency: 'USD',
    });
    expect(po.items.reduce((sum: number, item: { amount: number }) => sum + item.amount, 0)).toBe(Number(po.subtotal));
    expect(addsUp(po)).toBe(true);
    expect(await levels(T)).toEqual({ flyer: 1000 });
    expect((await inv.api(T).get('/api/dashboard/stats').expect(200)).body.totalItems).toBe(1000);
    // The expense line holds nothing: the PO covers its 1,000 flyers and no more.
    expect((await inv.api(T).get('/api/purchase-orders/bulk/open?need=flyer:1000').expect(200)).body.map((open: { id: number }) => open.id)).toEqual([po.id]);
    expect((await inv.api(T).get('/api/purchase-orders/bulk/open?need=flyer:1000.5').expect(200)).body).toEqual([]);
  });

  it('draws only the goods: the expense line is never drawn and the PO is depleted by its item lines', async () => {
    await inv.deliver(estimateEvent(T, [estimate('e1', 'EST-1-BL', [line('1', 'flyer', 1000, 0.2)])]));
    expect(await salesOrder(T, 'EST-1-BL')).toMatchObject({ status: 'active' });
    const po = (await purchaseOrders(T))['PO-1-BL'];
    expect(po).toMatchObject({ totalQuantity: 1000, quantityRemaining: 0 });
    expect(po.items.map((item: { kind: string; qtyRemaining: number }) => [item.kind, item.qtyRemaining])).toEqual([
      ['item', 0],
      ['expense', 0],
    ]);
    const drawnFrom: { kind: string }[] = await inv.db
      .knex('allocations as a')
      .join('purchase_order_lines as l', 'l.id', 'a.purchase_order_line_id')
      .where('a.tenant_id', T)
      .select('l.kind');
    expect(drawnFrom.map((row) => row.kind)).toEqual(['item']);
    expect(await levels(T)).toEqual({ flyer: 0 });
    expect((await reconcile(inv.db.knex, { tenantId: T })).drift).toEqual([]);
  });

  it('follows a changed expense amount and an expense that becomes the only line', async () => {
    const po = purchaseOrder('2', 'PO-2-BL', [line('1', 'flyer', 10, 1), expense('2', 'Setup', 20)], { txnDate: '2025-03-01' });
    await inv.deliver(poEvent(T, [po]));
    await inv.deliver(poEvent(T, [{ ...po, lines: [expense('2', 'Setup', 25)], qbUpdatedAt: qbTime() }]));
    const after = (await purchaseOrders(T))['PO-2-BL'];
    expect(after).toMatchObject({ totalQuantity: 0, quantityRemaining: 0, items: [{ kind: 'expense', amount: 25, qty: 0 }] });
    expect(await levels(T)).toEqual({ flyer: 0 });
    expect((await reconcile(inv.db.knex, { tenantId: T })).drift).toEqual([]);
  });
});

describe('an estimate with a bundle', () => {
  const T = 't-bundle';
  const kit: AccountingBundle = { lineId: '1', itemQbId: 'kit', name: 'Event Kit', quantity: 4 };

  beforeAll(async () => {
    await inv.deliver(poEvent(T, [purchaseOrder('1', 'PO-1-BL', [line('1', 'flyer', 100), line('2', 'card', 100), line('3', 'poster', 10)])]));
    await inv.deliver(
      estimateEvent(T, [
        estimate('e1', 'EST-KIT-BL', [component('2', 'flyer', 32, 1.25, kit), component('3', 'card', 8, 0.5, kit), line('4', 'poster', 2, 3)], {
          totalAmount: 53.46,
          totals: { subtotal: 50, discount: 1, tax: 4.46 },
          currency: 'CAD',
        }),
      ]),
    );
  });

  it('is drawn by its components and shows the bundle the customer bought', async () => {
    const so = await salesOrder(T, 'EST-KIT-BL');
    expect(so).toMatchObject({ status: 'active', totalQuantity: 42, totalAmount: '53.46', subtotal: '50.00', discount: '1.00', tax: '4.46', currency: 'CAD' });
    expect(addsUp(so)).toBe(true);
    const bundle = { lineId: '1', itemId: 'kit', name: 'Event Kit', quantity: 4 };
    const nothingReleased = { releasedQuantity: 0, shippedQuantity: 0 };
    expect(so.items).toEqual([
      {
        lineId: '2',
        itemId: 'flyer',
        itemName: 'Item flyer',
        quantity: 32,
        unitPrice: 1.25,
        totalPrice: 40,
        description: null,
        sku: null,
        bundle,
        ...nothingReleased,
      },
      {
        lineId: '3',
        itemId: 'card',
        itemName: 'Item card',
        quantity: 8,
        unitPrice: 0.5,
        totalPrice: 4,
        description: null,
        sku: null,
        bundle,
        ...nothingReleased,
      },
      {
        lineId: '4',
        itemId: 'poster',
        itemName: 'Item poster',
        quantity: 2,
        unitPrice: 3,
        totalPrice: 6,
        description: null,
        sku: null,
        bundle: null,
        ...nothingReleased,
      },
    ]);
    const po = (await purchaseOrders(T))['PO-1-BL'];
    expect(po.items.map((item: { qtyRemaining: number }) => item.qtyRemaining)).toEqual([68, 92, 8]);
  });

  it("keeps QuickBooks' subtotal, discount, tax and total through a save that leaves the lines as they are", async () => {
    const so = await salesOrder(T, 'EST-KIT-BL');
    const items = so.items.map((item: { lineId: string; itemId: string; quantity: number; unitPrice: number; description: string | null }) => ({
      lineId: item.lineId,
      itemId: item.itemId,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      description: item.description,
    }));
    items[0].description = 'Folded in half';
    const saved = (
      await inv
        .api(T)
        .edit(`/api/sales-orders/${so.id}`, {
          customerName: 'Acme Marketing Inc.',
          customerEmail: 'buyer@acme.test',
          status: 'active',
          bulkPoId: so.bulkPoId,
          items,
        })
        .expect(200)
    ).body;
    expect(saved).toMatchObject({ syncStatus: 'pending', totalAmount: '53.46', subtotal: '50.00', discount: '1.00', tax: '4.46', currency: 'CAD' });
    expect(addsUp(saved)).toBe(true);
  });

  it('keeps the bundle through an edit here, which leaves the totals to QuickBooks', async () => {
    const so = await salesOrder(T, 'EST-KIT-BL');
    const items = so.items.map((item: { lineId: string; itemId: string; quantity: number; unitPrice: number }) => ({
      lineId: item.lineId,
      itemId: item.itemId,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
    }));
    items[2].unitPrice = 3.5;
    const edited = (
      await inv
        .api(T)
        .edit(`/api/sales-orders/${so.id}`, {
          customerName: 'Acme Marketing',
          customerEmail: 'buyer@acme.test',
          status: 'active',
          bulkPoId: so.bulkPoId,
          items,
        })
        .expect(200)
    ).body;
    expect(edited.items.map((item: { bundle: unknown }) => item.bundle)).toEqual([so.items[0].bundle, so.items[1].bundle, null]);
    expect(edited).toMatchObject({ totalAmount: '51.00', subtotal: null, discount: null, tax: null, currency: 'CAD' });
  });
});

describe('catalog names and types', () => {
  const T = 't-names';
  const item = (qbId: string, name: string, fullyQualifiedName: string, type: string, parentQbId: string | null = null) => ({
    qbId,
    name,
    fullyQualifiedName,
    parentQbId,
    sku: null,
    description: null,
    unitPrice: 0,
    type,
    active: true,
    qbUpdatedAt: qbTime(),
  });
  const customer = (qbId: string, displayName: string, fullyQualifiedName: string, parentQbId: string | null = null) => ({
    qbId,
    displayName,
    fullyQualifiedName,
    parentQbId,
    currency: 'USD',
    companyName: null,
    email: null,
    phone: null,
    billAddress: null,
    shipAddress: null,
    active: true,
    qbUpdatedAt: qbTime(),
  });

  beforeAll(async () => {
    await inv.deliver(
      createEvent('accounting.item.upserted', T, {
        realmId: 'r',
        items: [
          item('1', 'Print', 'Print', 'Category'),
          item('2', 'Business Cards', 'Business Cards', 'NonInventory'),
          item('3', '500 ct', 'Business Cards:500 ct', 'NonInventory', '2'),
          item('4', 'Postcards', 'Postcards', 'NonInventory'),
          item('5', '500 ct', 'Postcards:500 ct', 'NonInventory', '4'),
          item('6', 'Event Kit', 'Event Kit', 'Group'),
        ],
      }),
    );
    await inv.deliver(
      createEvent('accounting.customer.upserted', T, {
        realmId: 'r',
        customers: [
          customer('1', 'Harbor Dental', 'Harbor Dental'),
          customer('2', 'Spring Gala', 'Harbor Dental:Spring Gala', '1'),
          customer('3', 'Spring Gala', 'Bay Clinic:Spring Gala', '4'),
        ],
      }),
    );
  });

  it('never offers a Category or Group item as inventory', async () => {
    const res = await inv.api(T).get('/api/items').expect(200);
    expect(res.headers['x-total-count']).toBe('4');
    expect(res.body.map((i: { qbId: string }) => i.qbId)).toEqual(['2', '3', '4', '5']);
    expect((await inv.api(T).get('/api/items?search=kit').expect(200)).body).toEqual([]);
  });

  it('never counts a Group item a purchase order lists (as older syncs kept it) as stock', async () => {
    await inv.deliver(poEvent(T, [purchaseOrder('1', 'PO-1-BL', [line('1', '6', 40), line('2', '3', 500)])]));
    expect((await inv.api(T).get('/api/dashboard/stats').expect(200)).body.totalItems).toBe(500);
    expect((await inv.api(T).get('/api/items').expect(200)).body.map((i: { qbId: string; virtualInventory: number }) => [i.qbId, i.virtualInventory])).toEqual([
      ['2', 0],
      ['3', 500],
      ['4', 0],
      ['5', 0],
    ]);
  });

  it('tells two "500 ct" sub-items apart by their full name, which search matches', async () => {
    const res = await inv.api(T).get('/api/items?search=500').expect(200);
    expect(res.body.map((i: { name: string; fullName: string; parentQbId: string | null }) => [i.name, i.fullName, i.parentQbId])).toEqual([
      ['500 ct', 'Business Cards:500 ct', '2'],
      ['500 ct', 'Postcards:500 ct', '4'],
    ]);
    expect((await inv.api(T).get('/api/items?search=postcards:500').expect(200)).body.map((i: { qbId: string }) => i.qbId)).toEqual(['5']);
  });

  it('tells two jobs of the same name apart by their customer', async () => {
    const res = await inv.api(T).get('/api/customers?search=gala').expect(200);
    expect(
      res.body.map((c: { name: string; fullName: string; parentQbId: string | null; currency: string }) => [c.name, c.fullName, c.parentQbId, c.currency]),
    ).toEqual([
      ['Spring Gala', 'Bay Clinic:Spring Gala', '4', 'USD'],
      ['Spring Gala', 'Harbor Dental:Spring Gala', '1', 'USD'],
    ]);
    expect((await inv.api(T).get('/api/customers?search=harbor dental:').expect(200)).body.map((c: { fullName: string }) => c.fullName)).toEqual([
      'Harbor Dental:Spring Gala',
    ]);
  });
});

describe('what the sales-order and pull-ticket PDFs print from the estimate', () => {
  const T = 't-estimate-print';
  const address = (line1: string) => ({ line1, line2: null, city: 'Austin', region: 'TX', postalCode: '78701', country: null });

  it('keeps bill-to, ship-to, the order date, terms, ship method and customer PO number, and follows their changes', async () => {
    const printed = {
      billAddress: address('1 Billing Way'),
      shipAddress: address('77 Dock Street'),
      terms: 'Net 30',
      shipMethod: 'UPS Ground',
      customerPoNumber: 'ACME-5521',
    };
    await inv.deliver(estimateEvent(T, [estimate('60', 'EST-PRINT-BL', [line('1', 'flyer', 10, 1)], { txnDate: '2025-03-05', ...printed })]));
    const so = await salesOrder(T, 'EST-PRINT-BL');
    expect(so).toMatchObject({
      billAddress: '1 Billing Way, Austin, TX 78701',
      shipAddress: '77 Dock Street, Austin, TX 78701',
      orderDate: '2025-03-05',
      terms: 'Net 30',
      shipMethod: 'UPS Ground',
      customerPoNumber: 'ACME-5521',
    });
    expect((await inv.api(T).get(`/api/sales-orders/${so.id}`).expect(200)).body).toMatchObject({ terms: 'Net 30', customerPoNumber: 'ACME-5521' });

    // An estimate from before these fields (or without them) clears them.
    await inv.deliver(estimateEvent(T, [estimate('60', 'EST-PRINT-BL', [line('1', 'flyer', 10, 1)], { txnDate: '2025-03-05', qbUpdatedAt: qbTime() })]));
    expect(await salesOrder(T, 'EST-PRINT-BL')).toMatchObject({ billAddress: null, shipAddress: null, terms: null, shipMethod: null, customerPoNumber: null });
  });
});

describe("an estimate's description-only lines", () => {
  const T = 't-description-lines';
  const proof = { lineId: '2', description: 'PROOF MUST BE APPROVED BEFORE RUN', afterLineId: '1' };
  const heading = { lineId: '9', description: 'Spring campaign', afterLineId: null };

  beforeAll(async () => {
    await inv.deliver(poEvent(T, [purchaseOrder('1', 'PO-1-BL', [line('1', 'flyer', 1000), line('2', 'card', 1000)])]));
    await inv.deliver(
      estimateEvent(T, [estimate('70', 'EST-TEXT-BL', [line('1', 'flyer', 100), line('3', 'card', 50)], { descriptionLines: [heading, proof] })]),
    );
  });

  it('are kept on the order in their QuickBooks places, never as lines to draw', async () => {
    const so = await salesOrder(T, 'EST-TEXT-BL');
    expect(so.descriptionLines).toEqual([heading, proof]);
    expect(so.items.map((item: { lineId: string }) => item.lineId)).toEqual(['1', '3']);
    expect(so).toMatchObject({ status: 'active', totalQuantity: 150 });
    expect(
      salesOrderLinesInOrder(so.items, so.descriptionLines).map((row) => (row.kind === 'item' ? `item ${row.item.lineId}` : row.line.description)),
    ).toEqual(['Spring campaign', 'item 1', 'PROOF MUST BE APPROVED BEFORE RUN', 'item 3']);
  });

  it('stay through an edit here, and in place when the line they followed is removed', async () => {
    const so = await salesOrder(T, 'EST-TEXT-BL');
    const edited = (
      await inv
        .api(T)
        .edit(`/api/sales-orders/${so.id}`, {
          customerName: so.customerName,
          customerEmail: so.customerEmail,
          status: 'active',
          bulkPoId: so.bulkPoId,
          items: [{ lineId: '3', itemId: 'card', quantity: 50, unitPrice: 1 }],
        })
        .expect(200)
    ).body;
    expect(edited.descriptionLines).toEqual([heading, proof]);
    expect(salesOrderLinesInOrder(edited.items, edited.descriptionLines).map((row) => row.kind)).toEqual(['description', 'item', 'description']);
  });

  it('are kept when an event from before they were mapped arrives, and follow QuickBooks when it names them', async () => {
    await inv.deliver(estimateEvent(T, [estimate('70', 'EST-TEXT-BL', [line('1', 'flyer', 100), line('3', 'card', 50)], { syncToken: '1' })]));
    expect((await salesOrder(T, 'EST-TEXT-BL')).descriptionLines).toEqual([heading, proof]);
    await inv.deliver(estimateEvent(T, [estimate('70', 'EST-TEXT-BL', [line('1', 'flyer', 100)], { syncToken: '2', descriptionLines: [proof] })]));
    expect((await salesOrder(T, 'EST-TEXT-BL')).descriptionLines).toEqual([proof]);
  });
});

describe("a purchase order's ship-to, memo and vendor e-mail", () => {
  const T = 't-po-print';

  it("keeps QuickBooks' ship-to, terms and memo, and answers the vendor's e-mail when the PO names none", async () => {
    await inv.deliver(
      createEvent('accounting.vendor.upserted', T, {
        realmId: 'r',
        vendors: [
          {
            qbId: 'v1',
            displayName: 'Pinnacle Press',
            companyName: null,
            email: 'sales@pinnacle.test',
            phone: null,
            fax: null,
            address: null,
            active: true,
            qbUpdatedAt: qbTime(),
          },
        ],
      }),
    );
    const shipAddress = { line1: 'PrintPool Warehouse', line2: '12 Dock Rd', city: 'Austin', region: 'TX', postalCode: '78701', country: null };
    await inv.deliver(
      poEvent(T, [
        purchaseOrder('1', 'PO-1-BL', [line('1', 'flyer', 1000)], { shipAddress, terms: 'Net 30', memo: 'Hold at vendor', vendorEmail: null }),
        purchaseOrder('2', 'PO-2', [line('1', 'flyer', 10)]),
      ]),
    );
    const orders = await purchaseOrders(T);
    expect(orders['PO-1-BL']).toMatchObject({
      shipAddress: 'PrintPool Warehouse, 12 Dock Rd, Austin, TX 78701',
      terms: 'Net 30',
      memo: 'Hold at vendor',
      vendorEmail: 'sales@pinnacle.test',
    });
    expect(orders['PO-2']).toMatchObject({ shipAddress: null, terms: null, memo: null, vendorEmail: 'orders@pinnacle.test' });
  });
});

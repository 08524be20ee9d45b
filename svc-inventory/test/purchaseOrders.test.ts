import { deletedEvent, estimate, estimateEvent, line, poEvent, purchaseOrder, settingsEvent, startInventory, type TestInventory } from './support/service.js';

let inv: TestInventory;
beforeAll(async () => {
  inv = await startInventory();
});
afterAll(() => inv.close());

describe('purchase orders', () => {
  it('classifies BULK by the tenant suffix and answers the fields of docs/product.md §3', async () => {
    await inv.deliver(settingsEvent('t-po', '-BULK', '-BULK'));
    await inv.deliver(
      poEvent('t-po', [purchaseOrder('1', 'PO-100-BULK', [line('1', 'i1', 1000, 0.1)]), purchaseOrder('2', 'PO-101-BL', [line('1', 'i1', 50)])]),
    );
    const res = await inv.api('t-po').get('/api/purchase-orders').expect(200);
    const byNumber = Object.fromEntries(res.body.map((po: { poNumber: string }) => [po.poNumber, po]));
    expect(byNumber['PO-100-BULK']).toEqual({
      id: expect.any(Number),
      poNumber: 'PO-100-BULK',
      vendorName: 'Pinnacle Press',
      vendorEmail: 'orders@pinnacle.test',
      shipAddress: null,
      terms: null,
      memo: null,
      totalAmount: '100.00',
      subtotal: null,
      discount: null,
      tax: null,
      currency: null,
      totalQuantity: 1000,
      quantityRemaining: 1000,
      status: 'open',
      poType: 'BULK',
      poDate: '2025-01-10',
      qbId: '1',
      overrideStatus: false,
      // The product's term: 12 months from the PO's date (docs/product.md §11).
      expiresOn: '2026-01-10',
      remainingPercent: 100,
      // The product's defaults charge nothing (docs/product.md §11).
      chargesToDate: '0.00',
      items: [
        { itemName: 'Item i1', itemId: 'i1', description: null, qty: 1000, unitPrice: 0.1, qtyRemaining: 1000, qtyReceived: null, kind: 'item', amount: 100 },
      ],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      version: expect.any(String),
    });
    expect(byNumber['PO-101-BL'].poType).toBe('STANDARD');
    const open = await inv.api('t-po').get('/api/purchase-orders/bulk/open').expect(200);
    expect(open.body).toEqual([
      { id: byNumber['PO-100-BULK'].id, poNumber: 'PO-100-BULK', vendorName: 'Pinnacle Press', status: 'open', quantityRemaining: 1000 },
    ]);
  });

  it('keeps a status override across a later sync and takes a closed bulk PO out of the pool', async () => {
    const po = purchaseOrder('7', 'PO-7-BULK', [line('1', 'i7', 300)]);
    await inv.deliver(poEvent('t-po', [po]));
    const [row] = (await inv.api('t-po').get('/api/purchase-orders?search=PO-7').expect(200)).body;
    const closed = await inv.api('t-po').setStatus(`/api/purchase-orders/${row.id}`, { status: 'closed' }).expect(200);
    expect(closed.body).toMatchObject({ status: 'closed', overrideStatus: true });
    await inv.deliver(poEvent('t-po', [{ ...po, qbUpdatedAt: new Date(Date.parse(po.qbUpdatedAt) + 60_000).toISOString(), memo: 'resynced' }]));
    const after = (await inv.api('t-po').get(`/api/purchase-orders/${row.id}`).expect(200)).body;
    expect(after).toMatchObject({ status: 'closed', overrideStatus: true });
    const items = await inv.api('t-po').get('/api/dashboard/stats').expect(200);
    expect(items.body.openPOs).toBe(1);
    await inv.api('t-po').setStatus(`/api/purchase-orders/${row.id}`, { status: 'shipped' }).expect(400);
  });

  it('deletes a manual PO but never a synced one', async () => {
    const [synced] = (await inv.api('t-po').get('/api/purchase-orders?search=PO-100').expect(200)).body;
    const refused = await inv.api('t-po').delete(`/api/purchase-orders/${synced.id}`).expect(409);
    expect(refused.body.message).toMatch(/synced from QuickBooks/);
    const [manual] = await inv.db.knex('purchase_orders').insert({ tenant_id: 't-po', po_number: 'MAN-1', po_type: 'STANDARD' }).returning('id');
    await inv.api('other-tenant').delete(`/api/purchase-orders/${manual.id}`).expect(404);
    await inv.api('t-po').delete(`/api/purchase-orders/${manual.id}`).expect(204);
    await inv.api('t-po').get(`/api/purchase-orders/${manual.id}`).expect(404);
  });

  it('removes a PO QuickBooks deleted', async () => {
    await inv.deliver(deletedEvent('t-po', 'purchase-order', ['2']));
    const left = (await inv.api('t-po').get('/api/purchase-orders').expect(200)).body.map((po: { qbId: string }) => po.qbId);
    expect(left).not.toContain('2');
  });
});

describe('the list of programs', () => {
  it('sorts bulk POs by when their program ends and how much is left, and keeps those ending soon', async () => {
    const T = 't-po-programs';
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    // 12 months from the PO's date by default: a PO of 11 months and 20 days ago ends in about ten days.
    const monthsAgo = (months: number, days = 0) => {
      const day = new Date();
      day.setUTCMonth(day.getUTCMonth() - months);
      day.setUTCDate(day.getUTCDate() + days);
      return day.toISOString().slice(0, 10);
    };
    await inv.deliver(
      poEvent(T, [
        purchaseOrder('1', 'PO-SOON-BL', [line('1', 'i1', 1000)], { txnDate: monthsAgo(12, 10) }),
        purchaseOrder('2', 'PO-LATER-BL', [line('1', 'i1', 1000)], { txnDate: monthsAgo(1) }),
        purchaseOrder('3', 'PO-STD', [line('1', 'i1', 1000)], { txnDate: monthsAgo(12, 10) }),
      ]),
    );
    await inv.deliver(estimateEvent(T, [estimate('e1', 'EST-1-BL', [line('1', 'i1', 250)], { txnDate: '2025-01-01' })]));

    const sorted = (await inv.api(T).get('/api/purchase-orders?sort=expiresOn').expect(200)).body as {
      poNumber: string;
      expiresOn: string | null;
      remainingPercent: number;
    }[];
    expect(sorted.map((po) => [po.poNumber, po.remainingPercent])).toEqual([
      ['PO-SOON-BL', 75],
      ['PO-LATER-BL', 100],
      ['PO-STD', 100],
    ]);
    expect(sorted[0]!.expiresOn! <= inDays(10)).toBe(true);
    expect(sorted[2]!.expiresOn).toBeNull();

    const soon = (await inv.api(T).get('/api/purchase-orders?expiresWithinDays=30').expect(200)).body as { poNumber: string }[];
    expect(soon.map((po) => po.poNumber)).toEqual(['PO-SOON-BL']);
    const byLeft = (await inv.api(T).get('/api/purchase-orders?sort=remainingPercent&poType=BULK').expect(200)).body as { poNumber: string }[];
    expect(byLeft.map((po) => po.poNumber)).toEqual(['PO-SOON-BL', 'PO-LATER-BL']);
    const refused = await inv.api(T).get('/api/purchase-orders?expiresWithinDays=soon').expect(400);
    expect(refused.body.message).toMatch(/expiresWithinDays/);

    const csv = await inv.api(T).get('/api/purchase-orders/export.csv?sort=expiresOn').expect(200);
    expect(csv.text.split('\n')[0]).toContain('Program Expires,Remaining %');
    expect(csv.text).toMatch(/PO-SOON-BL.*,\d{4}-\d{2}-\d{2},75,/);
  });
});

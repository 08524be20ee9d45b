import { deletedEvent, line, poEvent, purchaseOrder, settingsEvent, startInventory, type TestInventory } from './support/service.js';

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

import { inventoryStatus } from '@printpool/domain';
import { reconcile } from '../src/index.js';
import { deletedEvent, estimate, estimateEvent, line, poEvent, purchaseOrder, startInventory, type TestInventory } from './support/service.js';

const T = 't-so';
let inv: TestInventory;
let events: ReturnType<typeof poEvent | typeof estimateEvent>[] = [];
const feed = async (event: (typeof events)[number]) => {
  events.push(event);
  await inv.deliver(event);
};
const order = async (soNumber: string) => {
  const res = await inv.api(T).get(`/api/sales-orders?search=${soNumber}`).expect(200);
  return res.body[0];
};
const pos = async () =>
  Object.fromEntries((await inv.api(T).get('/api/purchase-orders').expect(200)).body.map((po: { poNumber: string }) => [po.poNumber, po]));

beforeAll(async () => {
  inv = await startInventory();
  events = [];
  // Newer PO first in the batch: the oldest by txnDate must still be chosen.
  await feed(
    poEvent(T, [
      purchaseOrder('2', 'PO-NEW-BL', [line('1', 'flyer', 1000), line('2', 'card', 500)], { txnDate: '2025-02-01' }),
      purchaseOrder('1', 'PO-OLD-BL', [line('1', 'flyer', 600), line('2', 'card', 100)], { txnDate: '2025-01-01' }),
      purchaseOrder('3', 'PO-STD', [line('1', 'flyer', 9999)], { txnDate: '2024-01-01' }),
    ]),
  );
});
afterAll(() => inv.close());

describe('sales orders and the allocation ledger', () => {
  it('imports a bulk estimate as an active order drawn from the oldest covering bulk PO', async () => {
    await feed(
      estimateEvent(T, [
        estimate('100', 'EST-1-BL', [line('1', 'flyer', 400, 0.2), line('2', 'card', 50, 0.5)]),
        estimate('101', 'EST-2', [line('1', 'flyer', 1)]),
      ]),
    );
    const so = await order('EST-1-BL');
    const { 'PO-OLD-BL': old } = await pos();
    expect(so).toEqual({
      id: expect.any(Number),
      soNumber: 'EST-1-BL',
      customerName: 'Acme Marketing',
      customerEmail: 'buyer@acme.test',
      status: 'active',
      bulkPoId: old.id,
      items: [
        {
          lineId: '1',
          itemId: 'flyer',
          itemName: 'Item flyer',
          quantity: 400,
          unitPrice: 0.2,
          totalPrice: 80,
          description: null,
          sku: null,
          bundle: null,
          releasedQuantity: 0,
          shippedQuantity: 0,
        },
        {
          lineId: '2',
          itemId: 'card',
          itemName: 'Item card',
          quantity: 50,
          unitPrice: 0.5,
          totalPrice: 25,
          description: null,
          sku: null,
          bundle: null,
          releasedQuantity: 0,
          shippedQuantity: 0,
        },
      ],
      descriptionLines: [],
      totalQuantity: 450,
      totalAmount: '105.00',
      subtotal: null,
      discount: null,
      tax: null,
      currency: null,
      syncStatus: 'synced',
      syncError: null,
      qbId: '100',
      allocationNote: null,
      billAddress: null,
      shipAddress: null,
      orderDate: '2025-02-01',
      terms: null,
      shipMethod: null,
      customerPoNumber: null,
      deletedInQuickbooksAt: null,
      bulkPoNumber: 'PO-OLD-BL',
      fulfilment: null,
      unreleasedQuantity: 450,
      version: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await inv.api(T).get('/api/sales-orders').expect(200)).body).toHaveLength(1);
    expect(old.quantityRemaining).toBe(700 - 450);
    expect(old.items.map((i: { qtyRemaining: number }) => i.qtyRemaining)).toEqual([200, 50]);
    expect(inventoryStatus(old.totalQuantity, old.quantityRemaining).label).toBe('In Use');
    const items = await inv.api(T).get('/api/dashboard/stats').expect(200);
    expect(items.body).toEqual({ activeSOs: 1, totalItems: 2200 - 450, pendingPullTickets: 0, openPOs: 2, conflictSOs: 0 });
  });

  it('leaves an order no bulk PO covers pending with the reason, and draws it when a PO arrives', async () => {
    await feed(estimateEvent(T, [estimate('102', 'EST-3-BL', [line('1', 'poster', 10)])]));
    expect(await order('EST-3-BL')).toMatchObject({
      status: 'pending',
      bulkPoId: null,
      allocationNote: 'No bulk purchase orders with sufficient inventory for these items',
    });
    await feed(poEvent(T, [purchaseOrder('4', 'PO-POSTER-BL', [line('1', 'poster', 10)], { txnDate: '2025-03-01' })]));
    expect(await order('EST-3-BL')).toMatchObject({ status: 'active', bulkPoId: (await pos())['PO-POSTER-BL'].id, allocationNote: null });
  });

  it('re-draws an estimate whose quantity changed, keeping the same PO while it covers', async () => {
    const before = await order('EST-1-BL');
    await feed(estimateEvent(T, [estimate('100', 'EST-1-BL', [line('1', 'flyer', 550, 0.2), line('2', 'card', 50, 0.5)])]));
    const after = await order('EST-1-BL');
    expect(after.bulkPoId).toBe(before.bulkPoId);
    expect((await pos())['PO-OLD-BL'].items.map((i: { qtyRemaining: number }) => i.qtyRemaining)).toEqual([50, 50]);
    // More than the old PO holds: moves to the newer one, releasing the old.
    await feed(estimateEvent(T, [estimate('100', 'EST-1-BL', [line('1', 'flyer', 700, 0.2), line('2', 'card', 50, 0.5)])]));
    const moved = await order('EST-1-BL');
    const now = await pos();
    expect(moved.bulkPoId).toBe(now['PO-NEW-BL'].id);
    expect(now['PO-OLD-BL'].quantityRemaining).toBe(700);
    expect(now['PO-NEW-BL'].quantityRemaining).toBe(1500 - 750);
  });

  it('keeps the draw when accepted and closed, releases it when rejected', async () => {
    const lines = [line('1', 'flyer', 700, 0.2), line('2', 'card', 50, 0.5)];
    await feed(estimateEvent(T, [estimate('100', 'EST-1-BL', lines, { txnStatus: 'Accepted' })]));
    expect(await order('EST-1-BL')).toMatchObject({ status: 'processing' });
    await feed(estimateEvent(T, [estimate('100', 'EST-1-BL', lines, { txnStatus: 'Closed' })]));
    expect(await order('EST-1-BL')).toMatchObject({ status: 'completed' });
    expect((await pos())['PO-NEW-BL'].quantityRemaining).toBe(750);
    await feed(estimateEvent(T, [estimate('100', 'EST-1-BL', lines, { txnStatus: 'Rejected' })]));
    expect(await order('EST-1-BL')).toMatchObject({ status: 'cancelled', bulkPoId: null });
    expect((await pos())['PO-NEW-BL'].quantityRemaining).toBe(1500);
  });

  it('remaining quantities and item levels match an independent computation from the ledger', async () => {
    const drawn = await inv.db
      .knex('allocations as a')
      .join('purchase_order_lines as l', 'l.id', 'a.purchase_order_line_id')
      .where('a.tenant_id', T)
      .whereNull('a.released_at')
      .select('l.purchase_order_id', 'a.qty');
    const list = await pos();
    for (const po of Object.values(list) as { id: number; totalQuantity: number; quantityRemaining: number }[]) {
      const held = drawn.filter((d) => Number(d.purchase_order_id) === po.id).reduce((sum, d) => sum + Number(d.qty), 0);
      expect(po.quantityRemaining).toBe(po.totalQuantity - held);
    }
    const items = (await inv.api(T).get('/api/dashboard/stats').expect(200)).body;
    expect(items.totalItems).toBe(2200 + 10 - 10);
    expect(await reconcile(inv.db.knex, { tenantId: T })).toEqual({ drift: [], fixed: false });
  });

  it('deleting an estimate or an order releases its draw', async () => {
    await feed(estimateEvent(T, [estimate('103', 'EST-4-BL', [line('1', 'card', 100)])]));
    const so = await order('EST-4-BL');
    expect(so.status).toBe('active');
    await inv.api('another-tenant').delete(`/api/sales-orders/${so.id}`).expect(404);
    await inv.api(T).delete(`/api/sales-orders/${so.id}`).expect(204);
    await inv.api(T).get(`/api/sales-orders/${so.id}`).expect(404);
    expect((await pos())['PO-OLD-BL'].quantityRemaining).toBe(700);
    await feed(deletedEvent(T, 'estimate', ['102']) as never);
    expect(await order('EST-3-BL')).toBeUndefined();
    expect((await pos())['PO-POSTER-BL'].quantityRemaining).toBe(10);
  });

  it('replaying every accounting event twice changes nothing', async () => {
    const snapshot = async () => ({
      pos: await pos(),
      sos: (await inv.api(T).get('/api/sales-orders').expect(200)).body,
      ledger: await inv.db.knex('allocations').count({ n: '*' }),
    });
    const before = await snapshot();
    for (const event of events) await inv.deliver(event);
    for (const event of events) await inv.deliver(event);
    expect(await snapshot()).toEqual(before);
  });

  it('publishes inventory events through the outbox', async () => {
    const { waitFor } = await import('@printpool/service-kit/testing');
    // Direct deliveries do not nudge the relay; its poll publishes within a second.
    await waitFor(
      () => {
        const types = new Set(inv.published.filter((e) => e.tenantId === T).map((e) => e.type));
        expect([...types].sort()).toEqual(['inventory.item-level.changed', 'inventory.purchase-order.changed', 'inventory.sales-order.changed']);
      },
      { timeoutMs: 5000 },
    );
    const level = inv.published.filter((e) => e.tenantId === T && e.type === 'inventory.item-level.changed').at(-1);
    expect(level?.data).toEqual({ itemQbId: expect.any(String), virtualInventory: expect.any(Number), revision: expect.any(Number) });
  });
});

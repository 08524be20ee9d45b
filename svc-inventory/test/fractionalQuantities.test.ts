import type { PurchaseOrderChanged, SalesOrderChanged } from '@printpool/contracts';
import { reconcile } from '../src/index.js';
import { committedEvents, estimate, estimateEvent, line, poEvent, purchaseOrder, startInventory, type TestInventory } from './support/service.js';

/**
 * QuickBooks quantities may be fractional (2.5 boxes, 0.75 hours of design), to seven decimals:
 * the pool holds and draws them exactly (docs/quickbooks.md), never rounded to whole units.
 */
const T = 't-fractional';
let inv: TestInventory;
beforeAll(async () => {
  inv = await startInventory();
});
afterAll(() => inv.close());

const purchaseOrders = async () =>
  (await inv.api(T).get('/api/purchase-orders').expect(200)).body as {
    poNumber: string;
    totalQuantity: number;
    quantityRemaining: number;
    items: { qty: number; qtyRemaining: number }[];
  }[];
const salesOrder = async (soNumber: string) => (await inv.api(T).get(`/api/sales-orders?search=${soNumber}`).expect(200)).body[0];
const pooled = async () => (await inv.api(T).get('/api/dashboard/stats').expect(200)).body.totalItems as number;

describe('fractional quantities', () => {
  it('draws 0.1 and 0.2 boxes from a line of 0.3 exactly, leaving nothing and no float noise', async () => {
    await inv.deliver(poEvent(T, [purchaseOrder('1', 'PO-BOX-BL', [line('1', 'box', 0.3, 40), line('2', 'design', 2.5, 65)])]));
    expect(await pooled()).toBe(2.8);

    await inv.deliver(
      estimateEvent(T, [
        estimate('10', 'EST-10-BL', [line('1', 'box', 0.1, 45)]),
        estimate('11', 'EST-11-BL', [line('1', 'box', 0.2, 45), line('2', 'design', 0.75, 80)]),
      ]),
    );

    const [po] = await purchaseOrders();
    expect(po).toMatchObject({ poNumber: 'PO-BOX-BL', totalQuantity: 2.8, quantityRemaining: 1.75 });
    expect(po!.items.map((item) => [item.qty, item.qtyRemaining])).toEqual([
      [0.3, 0],
      [2.5, 1.75],
    ]);
    expect(await salesOrder('EST-10-BL')).toMatchObject({ status: 'active', totalQuantity: 0.1 });
    const second = await salesOrder('EST-11-BL');
    expect(second).toMatchObject({ status: 'active', totalQuantity: 0.95, totalAmount: '69.00' });
    expect(second.items.map((item: { quantity: number }) => item.quantity)).toEqual([0.2, 0.75]);
    expect(await pooled()).toBe(1.75);
    expect(await reconcile(inv.db.knex, { tenantId: T })).toEqual({ drift: [], fixed: false });
  });

  it('tells other services the exact quantities in its events', async () => {
    const [poEventData] = (await committedEvents<PurchaseOrderChanged>(inv, T, 'inventory.purchase-order.changed')).slice(-1);
    expect(poEventData).toMatchObject({ totalQuantity: 2.8, quantityRemaining: 1.75 });
    const orders = await committedEvents<SalesOrderChanged>(inv, T, 'inventory.sales-order.changed');
    expect(orders.find((order) => order.soNumber === 'EST-11-BL')?.items.map((item) => item.quantity)).toEqual([0.2, 0.75]);
  });

  it('leaves an order pending when a ten-millionth more than the pool holds is asked', async () => {
    await inv.deliver(estimateEvent(T, [estimate('12', 'EST-12-BL', [line('1', 'design', 1.7500001, 80)])]));
    expect(await salesOrder('EST-12-BL')).toMatchObject({ status: 'pending', bulkPoId: null, totalQuantity: 1.7500001 });
  });

  it('gives back exactly what a cancelled order held, and the order waiting for it gets it at once', async () => {
    const so = await salesOrder('EST-11-BL');
    const items = JSON.stringify(so.items);
    await inv.api(T).edit(`/api/sales-orders/${so.id}`, { customerName: so.customerName, status: 'cancelled', bulkPoId: null, items }).expect(200);
    // 0.2 boxes back on line 1; line 2 gets 0.75 back, and the pending order of 1.7500001 design hours now fits in 2.5.
    expect(await salesOrder('EST-12-BL')).toMatchObject({ status: 'active', totalQuantity: 1.7500001 });
    const [po] = await purchaseOrders();
    expect(po!.items.map((item) => item.qtyRemaining)).toEqual([0.2, 0.7499999]);
    expect(await pooled()).toBe(0.9499999);
    expect(await reconcile(inv.db.knex, { tenantId: T })).toEqual({ drift: [], fixed: false });
  });

  it('refuses a quantity QuickBooks cannot hold, naming the field, and keeps the order as it was', async () => {
    const so = await salesOrder('EST-10-BL');
    const before = (await inv.api(T).get(`/api/sales-orders/${so.id}`).expect(200)).body;
    const res = await inv
      .api(T)
      .edit(`/api/sales-orders/${so.id}`, {
        customerName: so.customerName,
        status: 'active',
        bulkPoId: so.bulkPoId,
        items: [{ itemId: 'box', quantity: 0.12345678, unitPrice: 45 }],
      })
      .expect(400);
    expect(JSON.stringify(res.body)).toContain('Quantity can have at most 7 decimal places');
    expect(JSON.stringify(res.body)).toContain('items.0.quantity');
    expect((await inv.api(T).get(`/api/sales-orders/${so.id}`).expect(200)).body).toEqual(before);
  });
});

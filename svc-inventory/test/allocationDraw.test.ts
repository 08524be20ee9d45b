import { describeOnPostgres } from '@printpool/service-kit/testing';
import type { PurchaseOrderChanged, SalesOrderChanged } from '@printpool/contracts';
import { reconcile } from '../src/index.js';
import { committedEvents, estimate, estimateEvent, line, poEvent, purchaseOrder, startInventory, type TestInventory } from './support/service.js';

let inv: TestInventory;
beforeAll(async () => {
  inv = await startInventory();
});
afterAll(() => inv.close());

const purchaseOrderOf = async (tenantId: string) => (await inv.api(tenantId).get('/api/purchase-orders').expect(200)).body[0];
const salesOrderOf = async (tenantId: string, soNumber: string) => (await inv.api(tenantId).get(`/api/sales-orders?search=${soNumber}`).expect(200)).body[0];
const lastEvent = async <T>(tenantId: string, type: string) => (await committedEvents<T>(inv, tenantId, type)).at(-1)!;
const ledgerOf = async (salesOrderId: number) =>
  (
    await inv.db
      .knex('allocations as a')
      .join('purchase_order_lines as l', 'l.id', 'a.purchase_order_line_id')
      .join('sales_order_lines as s', 's.id', 'a.sales_order_line_id')
      .where('a.sales_order_id', salesOrderId)
      .orderBy('a.id')
      .select('s.line_no as orderLine', 'l.line_no as poLine', 'a.qty')
  ).map((row) => ({ orderLine: row.orderLine, poLine: row.poLine, qty: Number(row.qty) }));

/** What the purchase order's change event says, read back from the purchase order as it now stands. */
const expectedPurchaseOrderEvent = (po: Record<string, unknown>): PurchaseOrderChanged => ({
  purchaseOrderId: po.id as number,
  qbId: po.qbId as string,
  poNumber: po.poNumber as string,
  poType: 'BULK',
  status: 'open',
  overrideStatus: false,
  vendorName: po.vendorName as string,
  totalQuantity: po.totalQuantity as number,
  quantityRemaining: po.quantityRemaining as number,
  deleted: false,
});

describe('drawing an order from a bulk PO', () => {
  const T = 't-draw';

  it('takes each item from the lines in order, spilling into the next, and records what it drew in its events', async () => {
    await inv.deliver(
      poEvent(T, [purchaseOrder('1', 'PO-SPLIT-BL', [line('1', 'flyer', 100), line('2', 'flyer', 50), line('3', 'card', 10), line('4', 'poster', 7)])]),
    );
    await inv.deliver(estimateEvent(T, [estimate('e1', 'EST-1-BL', [line('1', 'flyer', 120), line('2', 'card', 4), line('3', 'flyer', 20)])]));

    const so = await salesOrderOf(T, 'EST-1-BL');
    const po = await purchaseOrderOf(T);
    expect(so).toMatchObject({ status: 'active', bulkPoId: po.id, allocationNote: null });
    expect(await ledgerOf(so.id)).toEqual([
      { orderLine: 1, poLine: 1, qty: 100 },
      { orderLine: 1, poLine: 2, qty: 20 },
      { orderLine: 2, poLine: 3, qty: 4 },
      { orderLine: 3, poLine: 2, qty: 20 },
    ]);
    expect(po.items.map((item: { qtyRemaining: number }) => item.qtyRemaining)).toEqual([0, 10, 6, 7]);
    expect(po).toMatchObject({ totalQuantity: 167, quantityRemaining: 23 });

    expect(await lastEvent(T, 'inventory.purchase-order.changed')).toEqual(expectedPurchaseOrderEvent(po));
    const levels = await committedEvents<{ itemQbId: string; virtualInventory: number }>(inv, T, 'inventory.item-level.changed');
    expect(levels.slice(-2).sort((a, b) => a.itemQbId.localeCompare(b.itemQbId))).toEqual([
      { itemQbId: 'card', virtualInventory: 6 },
      { itemQbId: 'flyer', virtualInventory: 10 },
    ]);
    expect(await lastEvent<SalesOrderChanged>(T, 'inventory.sales-order.changed')).toMatchObject({
      salesOrderId: so.id,
      status: 'active',
      bulkPoId: po.id,
      totalQuantity: 144,
    });
  });

  it('draws nothing when lines of one item together need more than the PO holds', async () => {
    const poEvents = (await committedEvents(inv, T, 'inventory.purchase-order.changed')).length;
    await inv.deliver(estimateEvent(T, [estimate('e2', 'EST-2-BL', [line('1', 'card', 4), line('2', 'card', 3)])]));
    const so = await salesOrderOf(T, 'EST-2-BL');
    expect(so).toMatchObject({ status: 'pending', bulkPoId: null });
    expect(await ledgerOf(so.id)).toEqual([]);
    expect(await committedEvents(inv, T, 'inventory.purchase-order.changed')).toHaveLength(poEvents);
    expect((await purchaseOrderOf(T)).items.map((item: { qtyRemaining: number }) => item.qtyRemaining)).toEqual([0, 10, 6, 7]);
  });
});

// Another transaction holding the purchase order's rows needs a second connection: PGlite has one.
describeOnPostgres('drawing while another transaction holds the bulk PO', () => {
  /**
   * Runs `change` to the oldest purchase order in a transaction left open while an allocation
   * waits on its row locks (or is done without), then commits it.
   */
  async function allocateBehind(
    tenantId: string,
    change: (trx: import('knex').Knex.Transaction, poId: number) => Promise<void>,
    estimateLines: ReturnType<typeof line>[],
  ) {
    const poId = (await inv.db.knex('purchase_orders').where('tenant_id', tenantId).orderBy('txn_date').first('id')).id;
    const trx = await inv.db.knex.transaction();
    const holder = (await trx.raw('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    await change(trx, poId);
    let settled = false;
    const allocation = inv.deliver(estimateEvent(tenantId, [estimate('e1', 'EST-1-BL', estimateLines)])).finally(() => void (settled = true));
    for (let waiting = 0; waiting === 0 && !settled;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      waiting = Number((await inv.db.knex.raw('SELECT count(*) AS n FROM pg_stat_activity WHERE ?::int = ANY(pg_blocking_pids(pid))', [holder])).rows[0].n);
    }
    await trx.commit();
    await allocation;
  }

  it('reports a line added to the PO by a transaction it waited for', async () => {
    const T = 't-draw-behind-new-line';
    await inv.deliver(poEvent(T, [purchaseOrder('1', 'PO-BL', [line('1', 'flyer', 100)])]));
    await allocateBehind(
      T,
      async (trx, poId) => {
        await trx('purchase_orders').where({ id: poId }).update({ updated_at: trx.fn.now() });
        await trx('purchase_order_lines').insert({
          tenant_id: T,
          purchase_order_id: poId,
          qb_line_id: '2',
          line_no: 2,
          item_qb_id: 'card',
          qty: 40,
          qty_remaining: 40,
          unit_price: 1,
        });
      },
      [line('1', 'flyer', 30)],
    );
    const po = await purchaseOrderOf(T);
    expect(po).toMatchObject({ totalQuantity: 140, quantityRemaining: 140 - 30 });
    expect(await lastEvent(T, 'inventory.purchase-order.changed')).toEqual(expectedPurchaseOrderEvent(po));
  });

  it('draws from the next covering PO when the first no longer covers the order once it holds its lines', async () => {
    const T = 't-draw-behind-drained';
    await inv.deliver(
      poEvent(T, [
        purchaseOrder('1', 'PO-OLD-BL', [line('1', 'flyer', 100)], { txnDate: '2025-01-01' }),
        purchaseOrder('2', 'PO-NEW-BL', [line('1', 'flyer', 100)], { txnDate: '2025-02-01' }),
      ]),
    );
    await allocateBehind(T, async (trx, poId) => void (await trx('purchase_order_lines').where({ purchase_order_id: poId }).update({ qty_remaining: 10 })), [
      line('1', 'flyer', 30),
    ]);
    const pos = Object.fromEntries((await inv.api(T).get('/api/purchase-orders').expect(200)).body.map((po: { poNumber: string }) => [po.poNumber, po]));
    expect(await salesOrderOf(T, 'EST-1-BL')).toMatchObject({ status: 'active', bulkPoId: pos['PO-NEW-BL'].id });
    expect([pos['PO-OLD-BL'].quantityRemaining, pos['PO-NEW-BL'].quantityRemaining]).toEqual([10, 70]);
    expect(await lastEvent(T, 'inventory.purchase-order.changed')).toEqual(expectedPurchaseOrderEvent(pos['PO-NEW-BL']));
  });

  it('draws the new orders of one import in the order given, each from the oldest PO still covering it', async () => {
    const T = 't-draw-batch';
    await inv.deliver(
      poEvent(T, [
        purchaseOrder('old', 'PO-OLD-BL', [line('1', 'flyer', 10), line('2', 'card', 4)], { txnDate: '2025-01-01' }),
        purchaseOrder('new', 'PO-NEW-BL', [line('1', 'flyer', 100), line('2', 'card', 100)], { txnDate: '2025-03-01' }),
      ]),
    );
    await inv.deliver(
      estimateEvent(T, [
        estimate('b1', 'EST-B1-BL', [line('1', 'flyer', 6), line('2', 'card', 2)]),
        estimate('b2', 'EST-B2-BL', [line('1', 'flyer', 6)]),
        estimate('b3', 'EST-B3-BL', [line('1', 'flyer', 4), line('2', 'card', 2)]),
        estimate('b4', 'EST-B4-BL', [line('1', 'flyer', 500)]),
        estimate('b5', 'EST-B5-BL', [line('1', 'flyer', 1)], { txnStatus: 'Rejected' }),
      ]),
    );

    const pos = Object.fromEntries((await inv.api(T).get('/api/purchase-orders').expect(200)).body.map((po: { poNumber: string }) => [po.poNumber, po]));
    const old = pos['PO-OLD-BL'];
    const recent = pos['PO-NEW-BL'];
    const orders = await Promise.all(['B1', 'B2', 'B3', 'B4', 'B5'].map((n) => salesOrderOf(T, `EST-${n}-BL`)));
    expect(orders.map((so) => [so.status, so.bulkPoId, so.allocationNote])).toEqual([
      ['active', old.id, null],
      ['active', recent.id, null],
      ['active', old.id, null],
      ['pending', null, 'No bulk purchase orders with sufficient inventory for these items'],
      ['cancelled', null, null],
    ]);
    expect(await ledgerOf(orders[2].id)).toEqual([
      { orderLine: 1, poLine: 1, qty: 4 },
      { orderLine: 2, poLine: 2, qty: 2 },
    ]);
    expect([old.quantityRemaining, recent.quantityRemaining]).toEqual([0, 194]);

    // One event per purchase order, item and order, each as it now stands.
    const poEvents = await committedEvents<PurchaseOrderChanged>(inv, T, 'inventory.purchase-order.changed');
    expect(poEvents.slice(-2).sort((a, b) => a.purchaseOrderId - b.purchaseOrderId)).toEqual(
      [old, recent].sort((a, b) => a.id - b.id).map(expectedPurchaseOrderEvent),
    );
    const levels = await committedEvents<{ itemQbId: string; virtualInventory: number }>(inv, T, 'inventory.item-level.changed');
    expect(levels.slice(-2).sort((a, b) => a.itemQbId.localeCompare(b.itemQbId))).toEqual([
      { itemQbId: 'card', virtualInventory: 100 },
      { itemQbId: 'flyer', virtualInventory: 94 },
    ]);
    const orderEvents = await committedEvents<SalesOrderChanged>(inv, T, 'inventory.sales-order.changed');
    expect(orderEvents.map((event) => [event.soNumber, event.status, event.bulkPoId])).toEqual(orders.map((so) => [so.soNumber, so.status, so.bulkPoId]));
    expect(await reconcile(inv.db.knex, { tenantId: T })).toEqual({ drift: [], fixed: false });
  });
});

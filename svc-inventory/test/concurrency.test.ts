import { describeOnPostgres } from '@printpool/service-kit/testing';
import { consumerHandler, POOL_CONSUMER, reconcile } from '../src/index.js';
import { takePoolLock } from '../src/ledger/poolLock.js';
import { estimate, estimateEvent, line, poEvent, purchaseOrder, startInventory, type TestInventory } from './support/service.js';

// Row locks are only contended with several connections: PGlite has one, so this runs on real Postgres.

const T = 't-race';
let inv: TestInventory;

describeOnPostgres('200 simultaneous allocations against one bulk PO', () => {
  beforeAll(async () => {
    inv = await startInventory();
  });
  afterAll(() => inv.close());

  it('never draws a line below zero and keeps every accepted draw in the ledger', async () => {
    await inv.deliver(poEvent(T, [purchaseOrder('1', 'PO-POOL-BL', [line('1', 'flyer', 600), line('2', 'card', 400)])]));
    // Four replicas of the consumer, as four service instances take the events: each commits its
    // share in batches, and their transactions contend for the purchase order's lines.
    const replicas = Array.from({ length: 4 }, () => consumerHandler(inv.db, POOL_CONSUMER, () => undefined));
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        replicas[i % 4]!(estimateEvent(T, [estimate(`e${i}`, `EST-${i}-BL`, [line('1', 'flyer', 4), line('2', 'card', 3)])])),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);

    const lines = await inv.db.knex('purchase_order_lines').where('tenant_id', T).orderBy('line_no').select('qty', 'qty_remaining');
    for (const l of lines) expect(Number(l.qty_remaining)).toBeGreaterThanOrEqual(0);
    const orders = await inv.db.knex('sales_orders').where('tenant_id', T).select('id', 'status', 'bulk_po_id');
    const active = orders.filter((o) => o.status === 'active');
    // flyer allows 150 orders, card 133: exactly the smaller number fit.
    expect(active).toHaveLength(133);
    expect(orders.filter((o) => o.status === 'pending')).toHaveLength(67);
    const ledger: { sales_order_id: number; qty: number }[] = (await inv.db
      .knex('allocations')
      .where('tenant_id', T)
      .whereNull('released_at')
      .groupBy('sales_order_id')
      .select('sales_order_id')
      .sum({ qty: 'qty' })) as never;
    expect(ledger.map((r) => Number(r.sales_order_id)).sort((a, b) => a - b)).toEqual(active.map((o) => Number(o.id)).sort((a, b) => a - b));
    expect(ledger.every((r) => Number(r.qty) === 7)).toBe(true);
    expect(lines.map((l) => Number(l.qty_remaining))).toEqual([600 - 133 * 4, 400 - 133 * 3]);
    expect(await reconcile(inv.db.knex, { tenantId: T })).toEqual({ drift: [], fixed: false });
    // The list total and the dashboard read the tallies the 200 transactions appended side by side.
    expect((await inv.api(T).get('/api/sales-orders?limit=1').expect(200)).headers['x-total-count']).toBe('200');
    expect((await inv.api(T).get('/api/dashboard/stats').expect(200)).body.activeSOs).toBe(133);
  });

  it("reports drift written behind the ledger's back and fixes it when asked", async () => {
    await inv.db.knex('purchase_order_lines').where({ tenant_id: T, line_no: 1 }).update({ qty_remaining: 5 });
    const report = await inv.api(T).post('/api/inventory/reconcile').expect(200);
    expect(report.body.drift).toEqual([expect.objectContaining({ kind: 'purchase-order-line', stored: 5, expected: 600 - 133 * 4 })]);
    await inv.api(T).post('/api/inventory/reconcile', { fix: true }).expect(200);
    expect((await inv.api(T).post('/api/inventory/reconcile').expect(200)).body).toEqual({ drift: [], fixed: false });
  });

  it('reports sales order tallies that differ from the orders and rewrites them when asked', async () => {
    await inv.db.knex('sales_order_tallies').insert({ tenant_id: T, orders: 3, active_orders: -2 });
    expect((await inv.api(T).get('/api/dashboard/stats').expect(200)).body.activeSOs).toBe(131);
    const report = await inv.api(T).post('/api/inventory/reconcile').expect(200);
    expect(report.body.drift).toEqual([
      { kind: 'sales-order-tally', tenantId: T, stored: { orders: 203, activeOrders: 131 }, expected: { orders: 200, activeOrders: 133 } },
    ]);
    await inv.api(T).post('/api/inventory/reconcile', { fix: true }).expect(200);
    expect((await inv.api(T).get('/api/dashboard/stats').expect(200)).body.activeSOs).toBe(133);
    expect((await inv.api(T).get('/api/sales-orders?limit=1').expect(200)).headers['x-total-count']).toBe('200');
  });
});

describeOnPostgres('estimates and the purchase orders covering them arriving side by side', () => {
  beforeAll(async () => {
    inv = await startInventory();
  });
  afterAll(() => inv.close());

  it('draws every order, whichever import commits first', async () => {
    const R = 't-side-by-side';
    const rounds = 20;
    await Promise.all(
      Array.from({ length: rounds }, (_, i) =>
        Promise.all([
          inv.deliver(poEvent(R, [purchaseOrder(`p${i}`, `PO-${i}-BL`, [line('1', `item-${i}`, 10)])])),
          inv.deliver(estimateEvent(R, [estimate(`e${i}`, `EST-${i}-BL`, [line('1', `item-${i}`, 4)])])),
        ]),
      ),
    );
    const orders = await inv.db.knex('sales_orders').where('tenant_id', R).select('so_number', 'status');
    expect(orders).toHaveLength(rounds);
    expect(orders.filter((order) => order.status !== 'active')).toEqual([]);
  });

  describe('an order edited while an import of its company holds the pool (docs/architecture.md §5)', () => {
    const E = 't-edit-beside-import';
    type Line = { lineId: string | null; itemId: string; itemName: string | null; quantity: number; unitPrice: number };
    const form = (order: { customerName: string; bulkPoId: number; items: Line[] }, overrides: object) => ({
      customerName: order.customerName,
      status: 'active',
      bulkPoId: order.bulkPoId,
      items: order.items.map(({ lineId, itemId, itemName, quantity, unitPrice }) => ({ lineId, itemId, itemName, quantity, unitPrice })),
      ...overrides,
    });
    /** Whether a statement of this database waits for an advisory lock (the pool lock) now. */
    const waitsForPool = async () =>
      (await inv.db.knex.raw("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND wait_event = 'advisory'")).rows[0].n > 0;

    it('saves what moves no units at once, and what moves units once the import is done', async () => {
      await inv.deliver(poEvent(E, [purchaseOrder('1', 'PO-E-BL', [line('1', 'flyer', 500)])]));
      await inv.deliver(estimateEvent(E, [estimate('1', 'EST-E-BL', [line('1', 'flyer', 200, 0.1)])]));
      const read = async () => (await inv.api(E).get('/api/sales-orders').expect(200)).body[0];
      const order = await read();
      const importing = await inv.db.knex.transaction();
      try {
        await takePoolLock(importing, E);
        // A new customer name and e-mail move no units: saved while the import holds the pool.
        await inv
          .api(E)
          .edit(`/api/sales-orders/${order.id}`, form(order, { customerName: 'Renamed Marketing', customerEmail: 'buyer@renamed.test' }))
          .expect(200);
        expect(await read()).toMatchObject({ customerName: 'Renamed Marketing', customerEmail: 'buyer@renamed.test', totalQuantity: 200 });

        // A new quantity draws the order again: it waits its turn behind the import.
        let saved = false;
        const resized = inv
          .api(E)
          .edit(`/api/sales-orders/${order.id}`, form({ ...order, customerName: 'Renamed Marketing', items: [{ ...order.items[0], quantity: 300 }] }, {}))
          .expect(200)
          .then(() => (saved = true));
        while (!(await waitsForPool())) await new Promise((resolve) => setImmediate(resolve));
        expect(saved).toBe(false);
        await importing.commit();
        await resized;
      } finally {
        if (!importing.isCompleted()) await importing.rollback();
      }
      expect(await read()).toMatchObject({ customerName: 'Renamed Marketing', totalQuantity: 300, bulkPoId: order.bulkPoId });
      expect((await inv.api(E).get('/api/purchase-orders').expect(200)).body[0].quantityRemaining).toBe(200);
    });
  });
});

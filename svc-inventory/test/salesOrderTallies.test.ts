import { compactSalesOrderTallies } from '../src/tallies/salesOrderTallies.js';
import { reconcile } from '../src/index.js';
import { estimate, estimateEvent, line, poEvent, purchaseOrder, startInventory, type TestInventory } from './support/service.js';

const T = 't-tally';
const OTHER = 't-tally-other';
let inv: TestInventory;

const stats = async (tenantId: string) => {
  const list = await inv.api(tenantId).get('/api/sales-orders?limit=1').expect(200);
  const dashboard = await inv.api(tenantId).get('/api/dashboard/stats').expect(200);
  return { orders: Number(list.headers['x-total-count']), active: dashboard.body.activeSOs as number };
};

describe('sales order tallies behind the list total and the Active Sales Orders card', () => {
  beforeAll(async () => {
    inv = await startInventory();
    await inv.deliver(poEvent(T, [purchaseOrder('1', 'PO-1-BL', [line('1', 'flyer', 10)])]));
  });
  afterAll(() => inv.close());

  it('follow imports, status changes and deletions, each tenant on its own', async () => {
    // Two fit the pool of 10 flyers; the third waits as pending until one is rejected, then takes its flyers.
    await inv.deliver(
      estimateEvent(T, [
        estimate('e1', 'EST-1-BL', [line('1', 'flyer', 4)]),
        estimate('e2', 'EST-2-BL', [line('1', 'flyer', 4)]),
        estimate('e3', 'EST-3-BL', [line('1', 'flyer', 4)]),
      ]),
    );
    await inv.deliver(estimateEvent(OTHER, [estimate('e9', 'EST-9-BL', [line('1', 'flyer', 1)])]));
    expect(await stats(T)).toEqual({ orders: 3, active: 2 });
    expect(await stats(OTHER)).toEqual({ orders: 1, active: 0 });

    await inv.deliver(estimateEvent(T, [estimate('e1', 'EST-1-BL', [line('1', 'flyer', 4)], { txnStatus: 'Rejected' })]));
    expect(await stats(T)).toEqual({ orders: 3, active: 2 });

    const rejected = await inv.db.knex('sales_orders').where({ tenant_id: T, status: 'cancelled' }).first('id');
    await inv.api(T).delete(`/api/sales-orders/${rejected.id}`).expect(204);
    expect(await stats(T)).toEqual({ orders: 2, active: 2 });
    for (const tenantId of [T, OTHER]) expect(await reconcile(inv.db.knex, { tenantId })).toEqual({ drift: [], fixed: false });
  });

  it('adds no tally rows for changes that leave counts and statuses as they were', async () => {
    const before = await inv.db.knex('sales_order_tallies').count<{ n: number }[]>({ n: '*' });
    await inv.db.knex('sales_orders').where('tenant_id', T).update({ sync_status: 'synced' });
    expect(await inv.db.knex('sales_order_tallies').count<{ n: number }[]>({ n: '*' })).toEqual(before);
  });

  it('compaction folds each tenant into one row and keeps its figures', async () => {
    await compactSalesOrderTallies(inv.db.knex);
    // Only this test's tenants: on a shared NATS server other suites' events reach this schema too.
    const rows = await inv.db.knex('sales_order_tallies').whereIn('tenant_id', [T, OTHER]).select('tenant_id').orderBy('tenant_id');
    expect(rows.map((r) => r.tenant_id)).toEqual([T, OTHER].sort());
    expect(await stats(T)).toEqual({ orders: 2, active: 2 });
    expect(await stats(OTHER)).toEqual({ orders: 1, active: 0 });
    expect(await reconcile(inv.db.knex)).toEqual({ drift: [], fixed: false });
  });
});

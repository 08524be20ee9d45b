import { ACCOUNTING_EVENTS, INVENTORY_EVENTS, type SalesOrderChanged } from '@printpool/contracts';
import { onePoolConsumerMigration } from '../src/db/migrations/014_one_pool_consumer.js';
import { committedEvents, deletedEvent, estimate, estimateEvent, line, poEvent, purchaseOrder, startInventory, type TestInventory } from './support/service.js';

let inv: TestInventory;
beforeAll(async () => {
  inv = await startInventory();
});
afterAll(() => inv.close());

const orderStatuses = async (tenantId: string, soNumber: string) =>
  (await committedEvents<SalesOrderChanged>(inv, tenantId, INVENTORY_EVENTS.salesOrderChanged))
    .filter((event) => event.soNumber === soNumber)
    .map((event) => event.status);

describe('the pool consumer', () => {
  it('draws an estimate at once from the purchase order that arrived with it, whichever came first', async () => {
    const T = 't-pool-order';
    // Handed over together, as a sync's pages arrive: the estimate before the PO that covers it.
    await Promise.all([
      inv.deliver(estimateEvent(T, [estimate('e1', 'EST-1-BL', [line('1', 'flyer', 40)])])),
      inv.deliver(poEvent(T, [purchaseOrder('p1', 'PO-1-BL', [line('1', 'flyer', 100)])])),
    ]);
    // Never shown waiting for a purchase order it already had.
    expect(await orderStatuses(T, 'EST-1-BL')).toEqual(['active']);
    const [po] = await inv.db.knex('purchase_order_lines').where('tenant_id', T).select('qty_remaining');
    expect(Number(po.qty_remaining)).toBe(60);
  });

  it('skips what the two consumers it replaced had already applied', async () => {
    const T = 't-pool-former';
    await inv.deliver(poEvent(T, [purchaseOrder('p1', 'PO-1-BL', [line('1', 'flyer', 100)])]));
    await inv.deliver(estimateEvent(T, [estimate('e1', 'EST-1-BL', [line('1', 'flyer', 40)])]));
    // A deletion the former estimate consumer applied but had not acknowledged when the service
    // was upgraded: its durable's successor hands it over again.
    const applied = deletedEvent(T, 'estimate', ['e1']);
    expect(applied.type).toBe(ACCOUNTING_EVENTS.estimateDeleted);
    await inv.db.knex('inbox').insert({ consumer: 'inventory-sales-orders', event_id: applied.id });
    await onePoolConsumerMigration.up(inv.db.knex);

    await inv.deliver(applied);
    expect(await inv.db.knex('sales_orders').where('tenant_id', T).pluck('so_number')).toEqual(['EST-1-BL']);
    // One it had not seen is applied.
    await inv.deliver(deletedEvent(T, 'estimate', ['e1']));
    expect(await inv.db.knex('sales_orders').where('tenant_id', T).pluck('so_number')).toEqual([]);
  });
});

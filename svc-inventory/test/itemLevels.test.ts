import type { ItemLevelChanged } from '@printpool/contracts';
import { reconcile } from '../src/index.js';
import { committedEvents, estimate, estimateEvent, line, poEvent, purchaseOrder, startInventory, type TestInventory } from './support/service.js';

let inv: TestInventory;
beforeAll(async () => {
  inv = await startInventory();
});
afterAll(() => inv.close());

/** Each item's level as the catalog stores it. */
async function storedLevels(tenantId: string): Promise<Record<string, number>> {
  const rows: { item_qb_id: string; virtual_inventory: string }[] = await inv.db
    .knex('item_levels')
    .where({ tenant_id: tenantId })
    .select('item_qb_id', 'virtual_inventory');
  return Object.fromEntries(rows.map((row) => [row.item_qb_id, Number(row.virtual_inventory)]));
}

/** Each item's level as the last inventory event a subscriber received says; an item never announced is at 0. */
async function announcedLevels(tenantId: string, items: readonly string[]): Promise<Record<string, number>> {
  const events = await committedEvents<ItemLevelChanged>(inv, tenantId, 'inventory.item-level.changed');
  const announced = new Map(events.map((event) => [event.itemQbId, event.virtualInventory]));
  return Object.fromEntries(items.map((item) => [item, announced.get(item) ?? 0]));
}

async function expectAnnouncedAsStored(tenantId: string): Promise<void> {
  const stored = await storedLevels(tenantId);
  expect(await announcedLevels(tenantId, Object.keys(stored))).toEqual(stored);
}

describe("an item's level", () => {
  it('follows new purchase-order lines, grown lines, draws and documents outside the pool, and says so in its events', async () => {
    const tenantId = 'levels-follow-the-pool';
    const first = purchaseOrder('1', 'PO-1-BL', [line('1', 'flyer', 10), line('2', 'card', 5)], { txnDate: '2025-01-05' });
    await inv.deliver(poEvent(tenantId, [first]));
    expect(await storedLevels(tenantId)).toEqual({ flyer: 10, card: 5 });

    // A line added and another grown in QuickBooks; a standard purchase order is no pool stock.
    await inv.deliver(
      poEvent(tenantId, [
        { ...first, lines: [line('1', 'flyer', 12), line('2', 'card', 5), line('3', 'poster', 7.25)], syncToken: '1', qbUpdatedAt: new Date().toISOString() },
        purchaseOrder('2', 'PO-2', [line('1', 'flyer', 100), line('2', 'envelope', 50)]),
      ]),
    );
    // An item first seen outside the pool has a level all the same, as it would after any later import.
    expect(await storedLevels(tenantId)).toEqual({ flyer: 12, card: 5, poster: 7.25, envelope: 0 });

    await inv.deliver(estimateEvent(tenantId, [estimate('10', 'EST-10-BL', [line('1', 'flyer', 4), line('2', 'poster', 0.25)])]));
    expect(await storedLevels(tenantId)).toEqual({ flyer: 8, card: 5, poster: 7, envelope: 0 });

    // A new bulk purchase order and an order drawing more than the level held before it.
    await inv.deliver(poEvent(tenantId, [purchaseOrder('3', 'PO-3-BL', [line('1', 'card', 3), line('2', 'banner', 2)], { txnDate: '2025-01-06' })]));
    expect(await storedLevels(tenantId)).toEqual({ flyer: 8, card: 8, poster: 7, banner: 2, envelope: 0 });
    await expectAnnouncedAsStored(tenantId);
    await inv.deliver(estimateEvent(tenantId, [estimate('11', 'EST-11-BL', [line('1', 'card', 3)])]));
    expect(await storedLevels(tenantId)).toEqual({ flyer: 8, card: 5, poster: 7, banner: 2, envelope: 0 });

    await expectAnnouncedAsStored(tenantId);
    expect(await reconcile(inv.db.knex, { tenantId })).toEqual({ drift: [], fixed: false });
  });
});

import type { AlertsDigest, StockLow } from '@printpool/contracts';
import { announceAlerts } from '../src/alerts/announceAlerts.js';
import { customerIdOf, seedCatalog } from './support/pullTicketFixtures.js';
import { committedEvents, line, poEvent, purchaseOrder, startInventory, type TestInventory } from './support/service.js';

// The alert pass (docs/product.md §12): a customer's item newly at its reorder point is announced
// once as inventory.stock.low, again only when it falls further or falls there again after it
// cleared; the digest carries what is new since the last one, and nothing goes when nothing is new.
const T = 't-alert-announcements';
const today = new Date().toISOString().slice(0, 10);
let inv: TestInventory;

beforeAll(async () => {
  inv = await startInventory();
  await seedCatalog(inv, T);
  // 30,000 flyers held for Acme (the line's CustomerRef).
  await inv.deliver(poEvent(T, [purchaseOrder('p8', 'PO-8101-BL', [{ ...line('1', 'flyer', 30_000, 0.1), customerQbId: 'c1' }])]));
});
afterAll(() => inv.close());

const pass = (digestDue = true) => announceAlerts(inv.db.knex, T, today, () => digestDue);
const stockLow = () => committedEvents<StockLow>(inv, T, 'inventory.stock.low');
const digests = () => committedEvents<AlertsDigest>(inv, T, 'inventory.alerts.digest');

async function setPoint(units: number | null): Promise<void> {
  const path = `/api/customers/${await customerIdOf(inv, T, 'Acme Marketing')}/inventory/flyer/reorder-point`;
  const read = (
    await inv
      .api(T)
      .get(`/api/customers/${await customerIdOf(inv, T, 'Acme Marketing')}/inventory`)
      .expect(200)
  ).body;
  const version = (read.items as { itemId: string; reorderPoint: { version: string } }[]).find((item) => item.itemId === 'flyer')!.reorderPoint.version;
  await inv.api(T).put(path, { units }).set('If-Match', `"${version}"`).expect(200);
}

describe('the alert pass', () => {
  it('announces the programs that ended with units left, and no stock while no item is at its reorder point', async () => {
    // Both bulk POs are dated early in 2025: their programs ended, units left (docs/product.md §11).
    const first = await pass();
    expect(first?.stockLow).toBe(0);
    expect(first?.digest?.map((alert) => alert.kind)).toEqual(['expiring', 'expiring']);
    expect(await stockLow()).toEqual([]);
  });

  it('announces an item falling to its point once, in the event and the digest', async () => {
    await setPoint(40_000);
    const first = await pass();
    expect(first?.stockLow).toBe(1);
    // The digest carries only what is new since the last one: the programs' alerts went in it.
    expect(first?.digest?.map((alert) => alert.key)).toEqual([expect.stringMatching(/^reorder\.\d+\.flyer$/)]);
    expect(await stockLow()).toEqual([
      expect.objectContaining({ customerName: 'Acme Marketing', itemId: 'flyer', atVendor: 30_000, reorderPoint: { units: 40_000, months: null } }),
    ]);
    expect((await digests()).map((digest) => digest.alerts.length)).toEqual([2, 1]);

    // Nothing new: a second pass, on this replica or another, announces nothing and sends no digest.
    expect(await pass()).toEqual({ stockLow: 0, digest: null });
    expect(await stockLow()).toHaveLength(1);
    expect(await digests()).toHaveLength(2);
  });

  it('announces it again once it cleared and fell to the point again, and keeps a new alert for the next due digest', async () => {
    await setPoint(10_000);
    expect(await pass(false)).toEqual({ stockLow: 0, digest: null });
    await setPoint(35_000);
    expect(await pass(false)).toEqual({ stockLow: 1, digest: null });
    expect(await stockLow()).toHaveLength(2);
    expect(await digests()).toHaveLength(2);
    const due = await pass(true);
    expect(due?.digest?.map((alert) => alert.kind)).toEqual(['reorder']);
    expect(await digests()).toHaveLength(3);
  });

  it('announces it again when it falls further below its point', async () => {
    const before = (await stockLow()).length;
    expect(await pass(false)).toEqual({ stockLow: 0, digest: null });
    // QuickBooks now orders 25,000: 5,000 fewer held for Acme, still under the point.
    await inv.deliver(poEvent(T, [purchaseOrder('p8', 'PO-8101-BL', [{ ...line('1', 'flyer', 25_000, 0.1), customerQbId: 'c1' }], { syncToken: '1' })]));
    expect(await pass(false)).toEqual({ stockLow: 1, digest: null });
    expect((await stockLow()).slice(before)).toEqual([expect.objectContaining({ itemId: 'flyer', atVendor: 25_000 })]);
  });

  it('lets one pass at a time announce a company', async () => {
    await setPoint(10_000);
    await pass(false);
    await setPoint(45_000);
    const before = (await stockLow()).length;
    const [a, b] = await Promise.all([pass(false), pass(false)]);
    expect([a?.stockLow ?? 0, b?.stockLow ?? 0].sort()).toEqual([0, 1]);
    expect(await stockLow()).toHaveLength(before + 1);
  });
});

import type { AlertsDigest, StockLow } from '@printpool/contracts';
import type { EventEnvelope } from '@printpool/service-kit';
import { waitFor } from '@printpool/service-kit/testing';
import { customerIdOf, seedCatalog } from './support/pullTicketFixtures.js';
import { line, poEvent, purchaseOrder, startInventory, startReplica, type TestInventory } from './support/service.js';

// The alert pass as the service runs it (docs/product.md §12, src/alerts/alertScheduler.ts): every
// ALERT_CHECK_MINUTES on every replica, each digest published once through the outbox (on NATS
// when the run has it), nothing again after a restart, and no digest at all with ALERT_DIGEST_MINUTES=0.
// A pass every 0.3 s, and a digest may follow the last after 0.06 s.
const FAST = { ALERT_CHECK_MINUTES: '0.005', ALERT_DIGEST_MINUTES: '0.001' };
/** Long enough for several passes of every replica. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));

const ofType = <T>(inv: TestInventory, tenantId: string, type: string) =>
  inv.published.filter((event: EventEnvelope) => event.tenantId === tenantId && event.type === type).map((event) => event.data as T);

async function setPoint(inv: TestInventory, tenantId: string, units: number): Promise<void> {
  const customer = await customerIdOf(inv, tenantId, 'Acme Marketing');
  const read = (await inv.api(tenantId).get(`/api/customers/${customer}/inventory`).expect(200)).body as {
    items: { itemId: string; reorderPoint: { version: string } }[];
  };
  const version = read.items.find((item) => item.itemId === 'flyer')!.reorderPoint.version;
  await inv.api(tenantId).put(`/api/customers/${customer}/inventory/flyer/reorder-point`, { units }).set('If-Match', `"${version}"`).expect(200);
}

/** 30,000 flyers held for Acme (the line's CustomerRef) on a program that has ended. */
const flyers = (tenantId: string, qty: number, syncToken = '0') =>
  poEvent(tenantId, [purchaseOrder('p8', 'PO-8101-BL', [{ ...line('1', 'flyer', qty, 0.1), customerQbId: 'c1' }], { syncToken })]);

describe('the alert pass on two replicas', () => {
  const T = 't-alert-scheduler';
  let inv: TestInventory;
  let replica: { stop(): Promise<void> };

  beforeAll(async () => {
    inv = await startInventory(FAST);
    replica = await startReplica(inv, FAST);
    await seedCatalog(inv, T);
  });
  afterAll(async () => {
    await replica.stop();
    await inv.close();
  });

  const digests = () => ofType<AlertsDigest>(inv, T, 'inventory.alerts.digest');
  const stockLow = () => ofType<StockLow>(inv, T, 'inventory.stock.low');

  /** Digests published since the test's start. */
  let seen = 0;
  const newDigests = () => digests().slice(seen);

  it('publishes each new alert in one digest, and no digest while nothing is new', async () => {
    await inv.deliver(flyers(T, 30_000));
    // Both bulk POs are dated early in 2025: their programs ended with units left (§11). A pass
    // may fall between the two deliveries, so they may come in one digest or two, each once.
    await waitFor(() => expect(digests().flatMap((digest) => digest.alerts.map((alert) => alert.kind))).toEqual(['expiring', 'expiring']), {
      timeoutMs: 10_000,
    });
    const keys = digests().flatMap((digest) => digest.alerts.map((alert) => alert.key));
    expect(new Set(keys).size).toBe(2);
    seen = digests().length;
    await settle();
    expect(newDigests()).toEqual([]);
    expect(stockLow()).toEqual([]);
  });

  it('announces an item at its reorder point once, in inventory.stock.low and the next digest', async () => {
    await setPoint(inv, T, 40_000);
    await waitFor(() => expect(newDigests()).toHaveLength(1), { timeoutMs: 10_000 });
    expect(newDigests()[0]!.alerts).toEqual([
      expect.objectContaining({
        kind: 'reorder',
        customerName: 'Acme Marketing',
        itemId: 'flyer',
        atVendor: 30_000,
        reorderPoint: { units: 40_000, months: null },
      }),
    ]);
    await settle();
    expect(newDigests()).toHaveLength(1);
    expect(stockLow()).toEqual([
      expect.objectContaining({
        customerName: 'Acme Marketing',
        itemId: 'flyer',
        itemName: 'Flyer A5',
        atVendor: 30_000,
        reorderPoint: { units: 40_000, months: null },
      }),
    ]);
    seen = digests().length;
  });

  it('sends nothing again when a replica starts again, and the item falling further is new again', async () => {
    await replica.stop();
    replica = await startReplica(inv, FAST);
    await settle();
    expect(newDigests()).toEqual([]);
    expect(stockLow()).toHaveLength(1);

    // QuickBooks now orders 25,000: 5,000 fewer held for Acme, further under its point.
    await inv.deliver(flyers(T, 25_000, '1'));
    await waitFor(() => expect(newDigests()).toHaveLength(1), { timeoutMs: 10_000 });
    expect(newDigests()[0]!.alerts).toEqual([expect.objectContaining({ kind: 'reorder', itemId: 'flyer', atVendor: 25_000 })]);
    await settle();
    expect(newDigests()).toHaveLength(1);
    expect(stockLow().map((event) => event.atVendor)).toEqual([30_000, 25_000]);
  });
});

describe('with ALERT_DIGEST_MINUTES=0', () => {
  const T = 't-alert-no-digest';
  let inv: TestInventory;

  beforeAll(async () => {
    inv = await startInventory({ ...FAST, ALERT_DIGEST_MINUTES: '0' });
    await seedCatalog(inv, T);
    await inv.deliver(flyers(T, 30_000));
  });
  afterAll(() => inv.close());

  it('still announces inventory.stock.low, and sends no digest', async () => {
    await setPoint(inv, T, 40_000);
    await waitFor(() => expect(ofType<StockLow>(inv, T, 'inventory.stock.low')).toEqual([expect.objectContaining({ itemId: 'flyer', atVendor: 30_000 })]), {
      timeoutMs: 10_000,
    });
    await settle();
    expect(ofType(inv, T, 'inventory.alerts.digest')).toEqual([]);
  });
});

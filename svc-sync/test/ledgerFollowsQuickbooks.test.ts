import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { PurchaseOrder, SalesOrder } from '@printpool/contracts';
import { waitFor } from '@printpool/service-kit/testing';
import { answered, newTenant, startHarness, type Harness } from './support.js';

type QboLine = { DetailType: string; Amount?: number; SalesItemLineDetail?: { ItemRef: { value: string }; Qty: number; UnitPrice: number } };
type Need = Map<string, number>;

/** Units by item, as an order or a PO holds them. */
function addUp(entries: Iterable<[string | null | undefined, number]>): Need {
  const sums: Need = new Map();
  for (const [item, qty] of entries) if (item && qty > 0) sums.set(item, (sums.get(item) ?? 0) + qty);
  return sums;
}
const total = (need: Need) => [...need.values()].reduce((sum, qty) => sum + qty, 0);
const covers = (supply: Need, need: Need) => [...need].every(([item, qty]) => (supply.get(item) ?? 0) >= qty);

/**
 * A QuickBooks user changes allocated bulk estimates and the next incremental sync carries the
 * change into the allocation ledger. Expectations come from the sandbox's documents and the
 * ledger rules (docs/architecture.md §5), not from svc-inventory's own code; quantities are read the way
 * the Purchase Orders and Sales Orders pages read them, and reconcile must find no drift.
 */
describe('the allocation ledger follows estimates changed in QuickBooks', () => {
  let h: Harness;
  let realmId: string;
  const tenant = newTenant('ledger-follows');
  let allocated: SalesOrder[];

  const realm = () => h.sandbox.store.realm(realmId)!;
  const estimateLines = (qbId: string) => (realm().tables.Estimate.get(Number(qbId))!.data.Line as QboLine[]).filter((l) => l.SalesItemLineDetail);
  const needOf = (lines: QboLine[]) => addUp(lines.map((l) => [l.SalesItemLineDetail!.ItemRef.value, l.SalesItemLineDetail!.Qty]));

  async function purchaseOrders(): Promise<PurchaseOrder[]> {
    return answered(await h.inventory!.route(tenant, 'get /api/purchase-orders', { query: { limit: 1000 } }), 200);
  }
  const remainingById = (pos: PurchaseOrder[]) => Object.fromEntries(pos.map((po) => [po.id, po.quantityRemaining]));

  async function salesOrder(so: SalesOrder): Promise<SalesOrder> {
    const found = answered(await h.inventory!.route(tenant, 'get /api/sales-orders', { query: { search: so.soNumber } }), 200);
    return found.find((row) => row.qbId === so.qbId)!;
  }

  /** An incremental run, as the Sync button starts it; webhooks are off, so this is the only path the change takes. */
  async function syncIncrementally(): Promise<void> {
    const run = answered(await h.route(tenant, 'post /api/quickbooks/sync', { query: { wait: 'true' } }), 200);
    expect(run).toMatchObject({ status: 'completed', kind: 'incremental' });
  }

  /** The run is finished when it answers; svc-inventory applies its events right after, so its state is awaited. */
  async function expectLedger(so: SalesOrder, order: Partial<SalesOrder>, remaining: Record<string, number>): Promise<void> {
    await waitFor(
      async () => {
        expect(await salesOrder(so)).toMatchObject(order);
        expect(remainingById(await purchaseOrders())).toEqual(remaining);
      },
      { timeoutMs: 10_000 },
    );
    const reconciled = await h.inventory!.route(tenant, 'post /api/inventory/reconcile', { body: {} });
    expect(answered(reconciled, 200)).toEqual({ drift: [], fixed: false });
  }

  beforeAll(async () => {
    h = await startHarness({ inventory: true, sandbox: { webhook: undefined, companies: [{ seed: 47, scale: 2, companyName: 'Ledger Print Co' }] } });
    realmId = h.sandbox.admin.companies()[0]!.realmId;
    await h.connect(tenant);
    expect(answered(await h.route(tenant, 'post /api/quickbooks/sync', { query: { mode: 'full', wait: 'true' } }), 200).status).toBe('completed');
    allocated = await waitFor(
      async () => {
        const list = answered(await h.inventory!.route(tenant, 'get /api/sales-orders', { query: { limit: 1000 } }), 200);
        const found = list.filter((so) => so.qbId && so.status === 'active' && so.bulkPoId !== null);
        expect(found.length).toBeGreaterThanOrEqual(4);
        return found;
      },
      { timeoutMs: 20_000 },
    );
    expect(answered(await h.inventory!.route(tenant, 'post /api/inventory/reconcile', { body: {} }), 200)).toEqual({ drift: [], fixed: false });
  }, 40_000);

  afterAll(async () => {
    await h?.stop();
  });

  /**
   * Raises the estimate's first line by `by` units in QuickBooks and syncs. The ledger rules:
   * release, then the same PO if it still covers the order, else the oldest open bulk PO
   * (QuickBooks TxnDate, then id) that does, else the order waits as 'pending'.
   */
  async function raiseFirstLine(so: SalesOrder, by: (held: PurchaseOrder, itemId: string) => number): Promise<PurchaseOrder | undefined> {
    const before = await purchaseOrders();
    const held = before.find((po) => po.id === so.bulkPoId)!;
    const lines = estimateLines(so.qbId!);
    const first = lines[0]!.SalesItemLineDetail!;
    const qty = first.Qty + by(held, first.ItemRef.value);
    const raised = [{ ...lines[0]!, Amount: qty * first.UnitPrice, SalesItemLineDetail: { ...first, Qty: qty } }, ...lines.slice(1)];
    const oldNeed = needOf(lines);
    const newNeed = needOf(raised);

    const supplyOf = (po: PurchaseOrder) => addUp(po.items.map((l) => [l.itemId, l.qtyRemaining]));
    const txnDate = (po: PurchaseOrder) => String(realm().tables.PurchaseOrder.get(Number(po.qbId))?.data.TxnDate ?? '9999');
    const others = before
      .filter((po) => po.poType === 'BULK' && po.status === 'open' && po.id !== held.id)
      .sort((a, b) => txnDate(a).localeCompare(txnDate(b)) || a.id - b.id);
    const chosen = covers(addUp([...supplyOf(held), ...oldNeed]), newNeed) ? held : others.find((po) => covers(supplyOf(po), newNeed));
    const expected = remainingById(before);
    expected[held.id]! += total(oldNeed);
    if (chosen) expected[chosen.id]! -= total(newNeed);

    const otherLines = (realm().tables.Estimate.get(Number(so.qbId))!.data.Line as QboLine[]).filter((l) => !l.SalesItemLineDetail);
    h.sandbox.admin.update(realmId, 'Estimate', so.qbId!, { Line: [...raised, ...otherLines] });
    await syncIncrementally();
    await expectLedger(so, chosen ? { status: 'active', bulkPoId: chosen.id } : { status: 'pending', bulkPoId: null }, expected);
    return chosen;
  }

  it('draws a raised line quantity from the same bulk PO when it still covers the order', async () => {
    const so = allocated[0]!;
    const before = (await purchaseOrders()).find((po) => po.id === so.bulkPoId)!;
    const chosen = await raiseFirstLine(so, () => 100);
    expect(chosen?.id).toBe(so.bulkPoId);
    // The PO's remaining drops by exactly the difference.
    expect(remainingById(await purchaseOrders())[so.bulkPoId!]).toBe(before.quantityRemaining - 100);
  });

  it('moves the order to another covering bulk PO, or to pending, when the raise no longer fits its own', async () => {
    const so = allocated[3]!;
    const chosen = await raiseFirstLine(so, (held, itemId) => 1 + held.items.filter((l) => l.itemId === itemId).reduce((sum, l) => sum + l.qtyRemaining, 0));
    expect(chosen?.id).not.toBe(so.bulkPoId);
  });

  it('returns a rejected estimate’s quantity to its bulk PO and cancels the order', async () => {
    const so = allocated[1]!;
    const expected = remainingById(await purchaseOrders());
    expected[so.bulkPoId!]! += total(needOf(estimateLines(so.qbId!)));

    h.sandbox.admin.setEstimateStatus(realmId, so.qbId!, 'Rejected');
    await syncIncrementally();
    await expectLedger(so, { status: 'cancelled', bulkPoId: null }, expected);
  });

  it('keeps a converted (Closed) estimate’s quantity drawn and completes the order', async () => {
    const so = allocated[2]!;
    const expected = remainingById(await purchaseOrders());

    h.sandbox.admin.setEstimateStatus(realmId, so.qbId!, 'Closed');
    await syncIncrementally();
    await expectLedger(so, { status: 'completed', bulkPoId: so.bulkPoId }, expected);
    expect(expected[so.bulkPoId!]).toBeGreaterThanOrEqual(0);
  });
});

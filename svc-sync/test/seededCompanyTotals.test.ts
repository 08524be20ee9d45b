import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { IF_MATCH_HEADER, salesOrderLinesInOrder, type PurchaseOrder, type SalesOrder } from '@printpool/contracts';
import { waitFor } from '@printpool/service-kit/testing';
import { answered, newTenant, startHarness, type Harness } from './support.js';

/**
 * A freshly seeded default company, as messy as brokers' books (sub-cent prices, bundles,
 * discounts, tax, freight and setup lines, a foreign currency), synced into svc-inventory: every
 * purchase order and sales order must add up to QuickBooks' total, and every unit price must be
 * QuickBooks' own, digit for digit.
 */

type QboLine = Record<string, unknown> & { Id?: string; DetailType: string; Amount: number };

const cents = (value: number) => Math.round(value * 100);
const ITEM_DETAILS = ['SalesItemLineDetail', 'ItemBasedExpenseLineDetail'];

/** QuickBooks' item lines, bundle components included, as sync maps them. */
function itemLines(lines: QboLine[]): QboLine[] {
  return lines.flatMap((line) =>
    line.DetailType === 'GroupLineDetail' ? ((line.GroupLineDetail as { Line: QboLine[] }).Line ?? []) : ITEM_DETAILS.includes(line.DetailType) ? [line] : [],
  );
}
const detailOf = (line: QboLine) => line[line.DetailType] as { Qty: number; UnitPrice: number; ItemRef: { value: string } };

/** subtotal − discount + tax = total, to the cent, with the subtotal the sum of the line amounts. */
function expectAddsUp(label: string, lineAmounts: number[], doc: PurchaseOrder | SalesOrder): void {
  const context = `${label} ${String(doc.qbId)}`;
  expect({ context, subtotal: doc.subtotal }).toEqual({ context, subtotal: expect.any(String) });
  expect({ context, lines: lineAmounts.reduce((sum, amount) => sum + cents(amount), 0) }).toEqual({ context, lines: cents(Number(doc.subtotal)) });
  const computed = cents(Number(doc.subtotal)) - cents(Number(doc.discount ?? 0)) + cents(Number(doc.tax ?? 0));
  expect({ context, total: computed }).toEqual({ context, total: cents(Number(doc.totalAmount)) });
}

describe('a freshly seeded default company, synced into svc-inventory', () => {
  let h: Harness;
  let realmId: string;
  const tenant = newTenant('seeded-totals');
  let purchaseOrders: PurchaseOrder[];
  let salesOrders: SalesOrder[];

  const inQuickbooks = (entity: 'PurchaseOrder' | 'Estimate', qbId: string) => h.sandbox.store.realm(realmId)!.tables[entity].get(Number(qbId))!.data;

  beforeAll(async () => {
    // The default companies, as `npm start` seeds them.
    h = await startHarness({ inventory: true, sandbox: { webhook: undefined } });
    realmId = h.sandbox.admin.companies().find((company) => company.companyName === 'Northwind Print Brokers')!.realmId;
    await h.connect(tenant, realmId);
    expect(answered(await h.route(tenant, 'post /api/quickbooks/sync', { query: { mode: 'full', wait: 'true' } }), 200).status).toBe('completed');
    const realm = h.sandbox.store.realm(realmId)!;
    const poCount = realm.tables.PurchaseOrder.size;
    const bulkEstimates = realm.tables.Estimate.byId.filter((record) => String(record.data.DocNumber ?? '').endsWith('-BL')).length;
    ({ purchaseOrders, salesOrders } = await waitFor(
      async () => {
        const pos = answered(await h.inventory!.route(tenant, 'get /api/purchase-orders', { query: { limit: 1000 } }), 200);
        const sos = answered(await h.inventory!.route(tenant, 'get /api/sales-orders', { query: { limit: 1000 } }), 200);
        expect(pos.length).toBe(poCount);
        expect(sos.length).toBe(bulkEstimates);
        return { purchaseOrders: pos, salesOrders: sos };
      },
      { timeoutMs: 30_000 },
    ));
  }, 60_000);

  afterAll(async () => {
    await h?.stop();
  });

  it('has the mess to check: sub-cent prices, bundles, discounts, tax, freight, a foreign currency', () => {
    const realm = h.sandbox.store.realm(realmId)!;
    const estimateLines = realm.tables.Estimate.byId.flatMap((record) => record.data.Line as QboLine[]);
    expect(new Set(estimateLines.map((line) => line.DetailType))).toEqual(
      new Set(['SalesItemLineDetail', 'GroupLineDetail', 'DiscountLineDetail', 'DescriptionOnly', 'SubTotalLineDetail']),
    );
    expect(
      realm.tables.PurchaseOrder.byId.some((record) => (record.data.Line as QboLine[]).some((line) => line.DetailType === 'AccountBasedExpenseLineDetail')),
    ).toBe(true);
    expect(salesOrders.some((so) => Number(so.tax) > 0)).toBe(true);
    expect(salesOrders.some((so) => Number(so.discount) > 0)).toBe(true);
    expect(salesOrders.some((so) => so.items.some((line) => line.bundle !== null))).toBe(true);
    expect(salesOrders.some((so) => so.items.some((line) => Math.round(line.unitPrice * 100) !== line.unitPrice * 100))).toBe(true);
    expect(purchaseOrders.some((po) => po.items.some((line) => line.kind === 'expense'))).toBe(true);
  });

  it('adds up every purchase order: its lines (freight and setup included) plus discount and tax make its total', () => {
    for (const po of purchaseOrders) {
      expect(po.totalAmount).toBe(Number(inQuickbooks('PurchaseOrder', po.qbId!).TotalAmt).toFixed(2));
      expectAddsUp(
        'PurchaseOrder',
        po.items.map((line) => line.amount),
        po,
      );
    }
  });

  it('keeps every purchase order unit price exactly as QuickBooks holds it', () => {
    for (const po of purchaseOrders) {
      const lines = itemLines(inQuickbooks('PurchaseOrder', po.qbId!).Line as QboLine[]);
      const items = po.items.filter((line) => line.kind === 'item');
      expect(items.map((line) => [line.itemId, line.unitPrice])).toEqual(lines.map((line) => [detailOf(line).ItemRef.value, detailOf(line).UnitPrice]));
    }
  });

  it("keeps every item's purchase cost exactly as QuickBooks holds it, which a manual PO's price starts from (docs/product.md §5)", async () => {
    const items = answered(await h.inventory!.route(tenant, 'get /api/items', { query: { limit: 1000 } }), 200);
    const item = (qbId: string) => h.sandbox.store.realm(realmId)!.tables.Item.get(Number(qbId))!.data;
    expect(items.length).toBeGreaterThan(0);
    expect(items.map((line) => [line.qbId, line.purchaseCost])).toEqual(items.map((line) => [line.qbId, item(line.qbId).PurchaseCost ?? null]));
    expect(items.some((line) => line.purchaseCost !== null && line.purchaseCost !== line.unitPrice)).toBe(true);
  });

  it('adds up every sales order: its lines (bundle components included) less discount plus tax make its total', () => {
    for (const so of salesOrders) {
      expect(so.totalAmount).toBe(Number(inQuickbooks('Estimate', so.qbId!).TotalAmt).toFixed(2));
      expectAddsUp(
        'Estimate',
        so.items.map((line) => line.totalPrice),
        so,
      );
    }
  });

  it("keeps every sales order in its estimate's currency", () => {
    expect(salesOrders.some((so) => so.currency === 'CAD')).toBe(true);
    for (const so of salesOrders) {
      expect([so.qbId, so.currency ?? 'USD']).toEqual([so.qbId, (inQuickbooks('Estimate', so.qbId!).CurrencyRef as { value: string }).value]);
    }
  });

  it('keeps every sales order unit price exactly as QuickBooks holds it', () => {
    for (const so of salesOrders) {
      const lines = itemLines(inQuickbooks('Estimate', so.qbId!).Line as QboLine[]);
      expect(so.items.map((line) => [line.lineId, line.itemId, line.unitPrice])).toEqual(
        lines.map((line) => [line.Id, detailOf(line).ItemRef.value, detailOf(line).UnitPrice]),
      );
    }
  });

  it('keeps every quantity exactly as QuickBooks holds it, fractions included', () => {
    expect(salesOrders.some((so) => so.items.some((line) => !Number.isInteger(line.quantity)))).toBe(true);
    for (const so of salesOrders) {
      const lines = itemLines(inQuickbooks('Estimate', so.qbId!).Line as QboLine[]);
      expect([so.qbId, so.items.map((line) => line.quantity)]).toEqual([so.qbId, lines.map((line) => detailOf(line).Qty)]);
    }
    for (const po of purchaseOrders) {
      const lines = itemLines(inQuickbooks('PurchaseOrder', po.qbId!).Line as QboLine[]);
      expect([po.qbId, po.items.filter((line) => line.kind === 'item').map((line) => line.qty)]).toEqual([po.qbId, lines.map((line) => detailOf(line).Qty)]);
    }
  });

  it("keeps every estimate's description-only lines where QuickBooks has them, and its terms by the Term's name", () => {
    const realm = h.sandbox.store.realm(realmId)!;
    const termName = new Map(realm.tables.Term.byId.map((record) => [String(record.data.Id), String(record.data.Name)]));
    expect(salesOrders.some((so) => so.descriptionLines.length > 0)).toBe(true);
    for (const so of salesOrders) {
      const estimate = inQuickbooks('Estimate', so.qbId!);
      // QuickBooks' own order of goods and text lines, bundles read as their components.
      const inQuickbooksOrder = (estimate.Line as QboLine[]).flatMap((line) =>
        line.DetailType === 'DescriptionOnly' ? [`text ${line.Id}`] : itemLines([line]).map((item) => `item ${item.Id}`),
      );
      const kept = salesOrderLinesInOrder(so.items, so.descriptionLines).map((row) =>
        row.kind === 'item' ? `item ${row.item.lineId}` : `text ${row.line.lineId}`,
      );
      expect([so.soNumber, kept]).toEqual([so.soNumber, inQuickbooksOrder]);
      const ref = estimate.SalesTermRef as { value: string } | undefined;
      expect([so.soNumber, so.terms]).toEqual([so.soNumber, ref ? termName.get(ref.value) : null]);
    }
    expect(salesOrders.some((so) => so.terms === 'Net 15')).toBe(true);
  });

  it("keeps every purchase order's ship-to, memo and e-mail as QuickBooks has them", () => {
    for (const po of purchaseOrders) {
      const order = inQuickbooks('PurchaseOrder', po.qbId!);
      expect([po.poNumber, po.shipAddress === null]).toEqual([po.poNumber, !order.ShipAddr]);
      expect([po.poNumber, po.memo]).toEqual([po.poNumber, order.Memo ?? null]);
      expect([po.poNumber, po.vendorEmail]).toEqual([po.poNumber, (order.POEmail as { Address: string }).Address]);
    }
    expect(purchaseOrders.some((po) => po.memo !== null)).toBe(true);
  });

  // Last: it edits. The broker opens each active order, saves it as the form sends it, and syncs it.
  it('saves every active order unchanged, and syncing it leaves its estimate in QuickBooks as it was', async () => {
    const active = salesOrders.filter((so) => so.status === 'active');
    expect(active.length).toBeGreaterThan(0);
    for (const so of active) {
      const form = {
        id: so.id,
        customerName: so.customerName,
        customerEmail: so.customerEmail ?? '',
        status: so.status,
        bulkPoId: so.bulkPoId,
        items: JSON.stringify(so.items),
      };
      const saved = await h.inventory!.route(tenant, 'put /api/sales-orders/:id', {
        params: { id: so.id },
        body: form,
        headers: { [IF_MATCH_HEADER]: so.version },
      });
      expect([so.soNumber, saved.status]).toEqual([so.soNumber, 200]);
      const edited = answered(saved, 200);
      // Nothing QuickBooks computes from changed: the order shows its figures before the write-back too.
      const money = ({ subtotal, discount, tax, totalAmount }: SalesOrder) => ({ subtotal, discount, tax, totalAmount });
      expect([so.soNumber, money(edited)]).toEqual([so.soNumber, money(so)]);
      expect([so.soNumber, edited.descriptionLines]).toEqual([so.soNumber, so.descriptionLines]);
      const before = JSON.stringify(inQuickbooks('Estimate', so.qbId!));
      const synced = await h.route(tenant, 'post /api/sales-orders/:id/sync', { params: { id: so.id } });
      expect({ soNumber: so.soNumber, synced }).toMatchObject({ soNumber: so.soNumber, synced: { status: 200, body: { syncStatus: 'synced' } } });
      expect([so.soNumber, JSON.stringify(inQuickbooks('Estimate', so.qbId!))]).toEqual([so.soNumber, before]);
    }
  });
});

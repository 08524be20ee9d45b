import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { PurchaseOrder, SalesOrder } from '@printpool/contracts';
import { loadRecordedEntities, type QboObject, type RecordedEntities } from '@printpool/qbo-sandbox';
import { waitFor } from '@printpool/service-kit/testing';
import { answered, newTenant, startHarness, type Harness } from './support.js';

/**
 * A company made of records transcribed from public recordings of QuickBooks Online traffic
 * (infra/qbo-sandbox/fixtures/intuit: the sample company's estimates and customers as Intuit
 * answered them, a recorded bundle with sub-cent prices, discount and tax, a recorded purchase
 * order with a free-form ship-to, an expense account line), synced into svc-inventory as a
 * broker would connect it, then pulled and printed.
 */

const run = promisify(execFile);

/** poppler's pdftotext (Debian poppler-utils): a reader independent of the PDF writer. */
async function pdfText(pdf: Buffer): Promise<string> {
  const child = run('pdftotext', ['-layout', '-', '-'], { encoding: 'utf8', maxBuffer: 8 * 1024 * 1024 });
  child.child.stdin!.end(pdf);
  return (await child).stdout;
}

type Line = Record<string, unknown> & { Id?: string; DetailType: string; Amount: number };
type Detail = { Qty: number; UnitPrice: number; ItemRef: { value: string } };
const ITEM_DETAILS = ['SalesItemLineDetail', 'ItemBasedExpenseLineDetail'];

/** The recorded item lines, bundle components in their place, as a broker counts stock. */
function itemLines(doc: QboObject): { line: Line; detail: Detail }[] {
  return (doc.Line as Line[]).flatMap((line) => {
    const lines = line.DetailType === 'GroupLineDetail' ? ((line.GroupLineDetail as { Line: Line[] }).Line ?? []) : [line];
    return lines.filter((each) => ITEM_DETAILS.includes(each.DetailType)).map((each) => ({ line: each, detail: each[each.DetailType] as Detail }));
  });
}

describe('a company of recorded Intuit records, synced, pulled and printed', () => {
  let h: Harness;
  const tenant = newTenant('recorded-intuit');
  const realmId = '4620816365000000001';
  let records: RecordedEntities;
  let purchaseOrders: PurchaseOrder[];
  let salesOrders: SalesOrder[];

  // Every order here came from QuickBooks, so its qbId is set.
  const recorded = (entity: 'PurchaseOrder' | 'Estimate', id: string | null) => records[entity]!.find((record) => record.Id === id)!;
  const order = (qbId: string) => salesOrders.find((so) => so.qbId === qbId)!;
  const bulkPo = () => purchaseOrders.find((po) => po.poNumber === '1002-BL')!;

  beforeAll(async () => {
    records = loadRecordedEntities();
    h = await startHarness({
      documents: true,
      sandbox: { webhook: undefined, companies: [{ seed: 0, realmId, companyName: 'Sandbox Company_US_1', records }] },
    });
    await h.connect(tenant, realmId);
    expect(answered(await h.route(tenant, 'post /api/quickbooks/sync', { query: { mode: 'full', wait: 'true' } }), 200).status).toBe('completed');
    ({ purchaseOrders, salesOrders } = await waitFor(
      async () => {
        const sos = answered(await h.inventory!.route(tenant, 'get /api/sales-orders', { query: { limit: 100 } }), 200);
        // Read after the orders: their draws are what the purchase orders have left.
        const pos = answered(await h.inventory!.route(tenant, 'get /api/purchase-orders', { query: { limit: 100 } }), 200);
        expect(pos.map((po) => po.qbId).sort()).toEqual(['813', '814']);
        // The bulk estimates: the sample company's taxed one and the recorded bundle.
        expect(sos.map((so) => so.qbId).sort()).toEqual(['100', '186']);
        expect(sos.every((so) => so.bulkPoId !== null)).toBe(true);
        return { purchaseOrders: pos, salesOrders: sos };
      },
      { timeoutMs: 30_000 },
    ));
  }, 60_000);

  afterAll(async () => {
    await h?.stop();
  });

  it('keeps every unit price and quantity exactly as recorded, sub-cent bundle prices included', () => {
    for (const so of salesOrders) {
      const lines = itemLines(recorded('Estimate', so.qbId));
      expect(so.items.map((line) => [line.lineId, line.itemId, line.quantity, line.unitPrice, line.totalPrice])).toEqual(
        lines.map(({ line, detail }) => [line.Id, detail.ItemRef.value, detail.Qty, detail.UnitPrice, line.Amount]),
      );
    }
    expect(order('186').items.map((line) => line.unitPrice)).toEqual([0.5306667, 0.1104167]);
    for (const po of purchaseOrders) {
      const lines = itemLines(recorded('PurchaseOrder', po.qbId));
      expect(po.items.filter((line) => line.kind === 'item').map((line) => [line.itemId, line.qty, line.unitPrice, line.amount])).toEqual(
        lines.map(({ line, detail }) => [detail.ItemRef.value, detail.Qty, detail.UnitPrice, line.Amount]),
      );
    }
  });

  it("totals every document to its recorded TotalAmt, with QuickBooks' subtotal, discount and tax", () => {
    for (const po of purchaseOrders) expect([po.qbId, po.totalAmount]).toEqual([po.qbId, Number(recorded('PurchaseOrder', po.qbId).TotalAmt).toFixed(2)]);
    for (const so of salesOrders) expect([so.qbId, so.totalAmount]).toEqual([so.qbId, Number(recorded('Estimate', so.qbId).TotalAmt).toFixed(2)]);
    // The recorded bundle: its group line says Amount 0, yet 10.61 − 2.12 (20 %) + 1.11 (13 %) = 9.60 in Canadian dollars.
    expect(order('186')).toMatchObject({ subtotal: '10.61', discount: '2.12', tax: '1.11', totalAmount: '9.60', currency: 'CAD' });
    expect(order('100')).toMatchObject({ subtotal: '325.75', tax: '26.06', totalAmount: '351.81' });
  });

  it('keeps free-form addresses whole: name, company, street and "City, ST  ZIP" lines', async () => {
    const kept = await h.inventory!.db.knex('sales_orders').whereIn('qb_id', ['100', '48']).first('bill_address', 'ship_address');
    expect(kept).toEqual({ bill_address: 'Russ Sonnenschein, Sonnenschein Family Store, 5647 Cypress Hill Ave., Middlefield, CA  94303', ship_address: null });
  });

  it('offers the recorded items as stock, never the Category or the Group item', async () => {
    const items = answered(await h.inventory!.route(tenant, 'get /api/items', { query: { limit: 100 } }), 200);
    const offered = items.map((item) => item.name);
    expect(offered).toEqual(expect.arrayContaining(['Concrete', 'Pest Control', 'Rock Fountain', 'Chocolate Covered Strawberries']));
    expect(offered).not.toContain('Trees');
    expect(offered).not.toContain('Assorted sweets');
  });

  it('keeps the expense line on the purchase order, never as stock', () => {
    const po = bulkPo();
    const expense = po.items.filter((line) => line.kind === 'expense');
    expect(expense).toEqual([expect.objectContaining({ itemId: null, itemName: 'Advertising', qty: 0, qtyRemaining: 0, amount: 10 })]);
    // Stock is the item lines only: 1 hose + 1 + 1 + 4 + 15 + 24.
    expect(po.totalQuantity).toBe(46);
    expect(po.subtotal).toBe('418.36');
  });

  it("draws the bundle's components from the pool like any item, each remembering the bundle bought", () => {
    const po = bulkPo();
    expect(order('186').bulkPoId).toBe(po.id);
    expect(order('186').items.map((line) => line.bundle)).toEqual([
      expect.objectContaining({ name: 'Assorted sweets', quantity: 3 }),
      expect.objectContaining({ name: 'Assorted sweets', quantity: 3 }),
    ]);
    const remaining = Object.fromEntries(po.items.filter((line) => line.kind === 'item').map((line) => [line.itemId, line.qtyRemaining]));
    // Both bulk estimates drew all they sell; only the recorded hose is left.
    expect(remaining).toEqual({ '31': 1, '5': 0, '11': 0, '3': 0, '25': 0, '26': 0 });
    expect(po.quantityRemaining).toBe(1);
  });

  it('prints a pull ticket that ships to the free-form street and city, with every item pulled', async () => {
    const so = order('100');
    expect(so.status).toBe('processing');
    const created = answered(await h.inventory!.route(tenant, 'post /api/sales-orders/:id/create-pull-ticket', { params: { id: so.id }, body: {} }), 201);
    // The estimate has no ship-to and its customer none on file: goods go to the billing address.
    expect(created.customerShippingAddress).toBe('Russ Sonnenschein, Sonnenschein Family Store, 5647 Cypress Hill Ave., Middlefield, CA  94303');
    const pdf = await h.documents!.pdf(tenant, `/api/pull-tickets/${created.id}/pdf`);
    expect([pdf.status, pdf.type]).toEqual([200, 'application/pdf']);
    const text = await pdfText(pdf.body);
    // The Ship To box is the left column under its title; its lines wrap where the box ends.
    const rows = text.split('\n');
    const title = rows.findIndex((row) => row.trim().startsWith('SHIP TO'));
    const column = rows[title]!.indexOf('SHIP TO');
    const vendorColumn = rows[title]!.indexOf('VENDOR');
    const box = rows
      .slice(title + 1, rows.indexOf('', title + 1))
      .map((row) => row.slice(column, vendorColumn).trim())
      .join(' ');
    expect(box).toContain('Sonnenschein Family Store');
    expect(box).toContain('5647 Cypress Hill Ave., Middlefield, CA 94303');
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of ['Rock Fountain', 'Pump', 'Concrete', 'Bulk PO: 1002-BL', 'Brown Equipment Rental'])
      expect({ expected, found: flat.includes(expected) }).toEqual({ expected, found: true });
    expect(flat).toMatch(/Concrete for fountain installation - 4\b/);
  });

  it("prints the bundle's pull ticket as the bundle the customer bought, its components under it", async () => {
    const so = order('186');
    const created = answered(await h.inventory!.route(tenant, 'post /api/sales-orders/:id/create-pull-ticket', { params: { id: so.id }, body: {} }), 201);
    const text = await pdfText((await h.documents!.pdf(tenant, `/api/pull-tickets/${created.id}/pdf`)).body);
    const rows = text.split('\n').map((row) => row.trim().replace(/ {2,}/g, ' '));
    const bundleRow = rows.findIndex((row) => row.includes('Assorted sweets × 3'));
    expect(bundleRow).toBeGreaterThanOrEqual(0);
    // The components follow it, each with its quantity for the whole bundle (what the vendor pulls; prices are not the vendor's business).
    const components = rows.slice(bundleRow + 1).join('\n');
    expect(components).toMatch(/^25 Chocolate Covered .* 15\b/m);
    expect(components).toMatch(/^26 Snow Cookie .* 24\b/m);
  });
});

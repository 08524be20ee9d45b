import { CustomerInventorySchema, CustomerStatementSchema, type CustomerInventory, type CustomerStatement } from '@printpool/contracts';
import { addDays, lastFullMonth, usageMonths } from '@printpool/domain';
import { startDocumentsPeer, type DocumentsPeer } from './support/documentsPeer.js';
import { customerIdOf, seedCatalog, seedSecondCustomer } from './support/pullTicketFixtures.js';
import { estimate, estimateEvent, line, poEvent, purchaseOrder, startInventory, type TestInventory } from './support/service.js';

// A customer's stock (docs/product.md §12): whose bulk stock it is, what is at the vendor, usage per
// month over a year of shipped tickets, months of supply and the run-out day.
const T = 't-customer-stock';
let inv: TestInventory;
let documents: DocumentsPeer;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  documents = await startDocumentsPeer();
  inv = await startInventory({ DOCUMENTS_URL: documents.url });
  await seedCatalog(inv, T);
  await seedSecondCustomer(inv, T);
  // Flyers bought for Acme in QuickBooks (the line's CustomerRef); cards nobody named.
  await inv.deliver(
    poEvent(T, [
      purchaseOrder('p8', 'PO-8001-BL', [{ ...line('1', 'flyer', 30_000, 0.1), customerQbId: 'c1' }], { txnDate: '2024-06-01' }),
      purchaseOrder('p9', 'PO-8002-BL', [line('1', 'card', 5_000, 0.3)], { txnDate: '2024-06-02' }),
    ]),
  );
});
afterAll(async () => {
  await inv.close();
  await documents.close();
});

const customerId = (name: string): Promise<number> => customerIdOf(inv, T, name);
const stockOf = async (name: string): Promise<CustomerInventory> =>
  CustomerInventorySchema.parse(
    (
      await inv
        .api(T)
        .get(`/api/customers/${await customerId(name)}/inventory`)
        .expect(200)
    ).body,
  );

let orderNo = 0;
/** An accepted order of the customer for `quantity` of the item; answers its id. */
async function order(customer: { qbId: string; name: string }, itemId: string, quantity: number): Promise<number> {
  orderNo += 1;
  await inv.deliver(
    estimateEvent(T, [
      estimate(`s${orderNo}`, `EST-S${orderNo}-BL`, [line('1', itemId, quantity, 0.2)], {
        customerQbId: customer.qbId,
        customerName: customer.name,
        txnStatus: 'Accepted',
      }),
    ]),
  );
  return (await inv.api(T).get(`/api/sales-orders?search=EST-S${orderNo}-BL`).expect(200)).body[0].id;
}

/** Releases the whole order on a ticket and ships it, as shipped on `shippedOn`. */
async function shipOn(orderId: number, shippedOn: string): Promise<void> {
  const ticket = (await inv.api(T).post(`/api/sales-orders/${orderId}/create-pull-ticket`).expect(201)).body;
  await inv.api(T).post(`/api/pull-tickets/${ticket.id}/ship`, { sendEmail: false }).expect(200);
  // The year of shipments happened before today: each ticket's day is set as it was.
  await inv.db
    .knex('pull_tickets')
    .where({ tenant_id: T, id: ticket.id })
    .update({ shipped_at: `${shippedOn}T12:00:00Z` });
}

const acme = { qbId: 'c1', name: 'Acme Marketing' };
const beacon = { qbId: 'c2', name: 'Beacon Dental' };

describe("a customer's stock", () => {
  it('reads a year of shipped tickets back as usage per month, months of supply and the run-out day', async () => {
    const months = usageMonths(today);
    for (const [index, month] of months.entries()) await shipOn(await order(acme, 'flyer', 1_000 + index * 100), `${month}-15`);
    await order(acme, 'flyer', 2_000);

    const [flyer, ...others] = (await stockOf('Acme Marketing')).items;
    expect(others).toEqual([]);
    const shipped = 12 * 1_000 + (100 * (11 * 12)) / 2;
    expect(flyer).toMatchObject({
      itemId: 'flyer',
      itemName: 'Flyer A5',
      atVendor: 30_000 - shipped,
      allocated: 2_000,
      remaining: 30_000 - shipped - 2_000,
      releasedThisMonth: 0,
      programs: [expect.objectContaining({ poNumber: 'PO-8001-BL', atVendor: 30_000 - shipped, remaining: 30_000 - shipped - 2_000 })],
    });
    expect(flyer!.releasedByMonth).toEqual(months.map((month, index) => ({ month, released: 1_000 + index * 100 })));
    expect(flyer!.averageMonthlyUsage).toBe(shipped / 12);
    const supply = (30_000 - shipped) / (shipped / 12);
    expect(flyer!.monthsOfSupply).toBe(Math.round(supply * 10) / 10);
    expect(flyer!.runOutOn).toBe(addDays(today, Math.floor((supply * 365.25) / 12)));
  });

  it('gives stock to the only customer whose orders drew it, keeps shared stock shared, and 404s another company’s customer', async () => {
    await order(beacon, 'card', 400);
    expect((await stockOf('Beacon Dental')).items.map((item) => [item.itemId, item.atVendor, item.allocated])).toEqual([['card', 5_000, 400]]);
    expect((await stockOf('Acme Marketing')).items.map((item) => item.itemId)).toEqual(['flyer']);

    // Once Acme draws cards from it too, the run is shared: neither customer's.
    await order(acme, 'card', 100);
    expect((await stockOf('Beacon Dental')).items).toEqual([]);
    expect((await stockOf('Acme Marketing')).items.map((item) => item.itemId)).toEqual(['flyer']);

    await inv
      .api('t-someone-else')
      .get(`/api/customers/${await customerId('Acme Marketing')}/inventory`)
      .expect(404);
    await inv.api(T).get('/api/customers/99999999/inventory').expect(404);
  });

  it("keeps the vendor's lead time and a month to spare as an item's reorder point, unless the broker set one", async () => {
    const flyer = async () => (await stockOf('Acme Marketing')).items.find((item) => item.itemId === 'flyer')!;
    const before = await flyer();
    expect(before.reorderPoint).toMatchObject({ units: null, months: 2, source: 'default' });
    const vendor = (await inv.api(T).get(`/api/purchase-orders/${before.programs[0]!.purchaseOrderId}/program`).expect(200)).body.vendorName as string;
    const defaultsPath = `/api/vendors/${encodeURIComponent(vendor)}/program-defaults`;
    const saveLeadTime = async (leadTimeDays: number, status: number) => {
      const { version } = (await inv.api(T).get(defaultsPath).expect(200)).body;
      // The vendor's own defaults hold its programs to their rules (docs/product.md §11): a term of ten years keeps the 2024 run open for the releases below.
      return (await inv.api(T).put(defaultsPath, { leadTimeDays, termMonths: 120 }).set('If-Match', `"${version}"`).expect(status)).body;
    };
    expect((await saveLeadTime(366, 400)).details.issues).toEqual([{ field: 'leadTimeDays', message: 'Lead time must be at most 365' }]);
    expect((await saveLeadTime(45, 200)).leadTimeDays).toBe(45);
    const after = await flyer();
    expect(after.reorderPoint).toMatchObject({ units: null, months: 2.5, source: 'default' });
    expect(after.reorderPoint.version).not.toBe(before.reorderPoint.version);
    await saveLeadTime(30, 200);
  });

  it('sets when to reorder an item on the version read, and raises an alert there that stays dismissed until stock falls further', async () => {
    const acmeId = await customerId('Acme Marketing');
    const pointPath = `/api/customers/${acmeId}/inventory/flyer/reorder-point`;
    const [before] = (await stockOf('Acme Marketing')).items;
    expect(before!.reorderPoint).toMatchObject({ units: null, months: 2, source: 'default' });
    const alerts = async () => (await inv.api(T).get('/api/inventory/alerts').expect(200)).body.alerts as { key: string; kind: string; atVendor?: number }[];
    const reorderKey = `reorder.${acmeId}.flyer`;
    expect((await alerts()).map((alert) => alert.key)).not.toContain(reorderKey);

    const invalid = await inv.api(T).put(pointPath, { units: -5 }).set('If-Match', `"${before!.reorderPoint.version}"`).expect(400);
    expect(invalid.body.details.issues).toEqual([{ field: 'units', message: 'Units must be at least 0' }]);
    const both = await inv.api(T).put(pointPath, { units: 5, months: 1 }).set('If-Match', `"${before!.reorderPoint.version}"`).expect(400);
    expect(both.body.details.issues).toEqual([{ field: 'months', message: 'Give units or months, not both' }]);

    const saved = (await inv.api(T).put(pointPath, { units: 50_000 }).set('If-Match', `"${before!.reorderPoint.version}"`).expect(200)).body;
    expect(saved).toMatchObject({ itemId: 'flyer', reorderPoint: { units: 50_000, months: null, source: 'customer' }, atOrBelowReorderPoint: true });
    // A save based on the point as it was before is someone else's lost edit: refused, naming the field.
    const stale = await inv.api(T).put(pointPath, { units: 1_000 }).set('If-Match', `"${before!.reorderPoint.version}"`).expect(409);
    expect(stale.body.details.differences.map((difference: { field: string }) => difference.field)).toEqual(['Units']);

    const raised = (await alerts()).find((alert) => alert.key === reorderKey);
    expect(raised).toMatchObject({ kind: 'reorder', customerName: 'Acme Marketing', itemId: 'flyer', atVendor: saved.atVendor });
    await inv.api(T).post(`/api/inventory/alerts/${reorderKey}/dismiss`).expect(204);
    expect((await alerts()).map((alert) => alert.key)).not.toContain(reorderKey);

    // Another shipment takes the stock further down: the alert is back.
    await shipOn(await order(acme, 'flyer', 500), today);
    expect((await alerts()).find((alert) => alert.key === reorderKey)).toMatchObject({ atVendor: saved.atVendor - 500 });
    await inv.api(T).post('/api/inventory/alerts/reorder.999.nothing/dismiss').expect(404);
  });

  it('counts a manual order by the customer it names, before its estimate is written', async () => {
    const po = (
      await inv
        .api(T)
        .post('/api/purchase-orders', {
          poNumber: 'PO-M-9-BL',
          vendorName: 'Metro Print',
          vendorEmail: 'orders@metro.test',
          addVendor: true,
          items: [{ itemId: 'flyer', itemName: 'Flyer A5', quantity: 3_000, unitPrice: 0.1 }],
        })
        .expect(201)
    ).body;
    const order = (
      await inv
        .api(T)
        .post('/api/sales-orders', {
          soNumber: 'SO-M-9',
          customerName: 'Beacon Dental',
          status: 'active',
          bulkPoId: po.id,
          items: JSON.stringify([{ itemId: 'flyer', itemName: 'Flyer A5', quantity: 700, unitPrice: 0.2 }]),
        })
        .expect(201)
    ).body;
    expect(order).toMatchObject({ qbId: null, bulkPoId: po.id });
    expect(
      (await stockOf('Beacon Dental')).items.map((item) => [item.itemId, item.atVendor, item.allocated, item.programs.map((held) => held.poNumber)]),
    ).toEqual([['flyer', 3_000, 700, ['PO-M-9-BL']]]);
  });
});

describe("a customer's statement", () => {
  const statementOf = async (name: string, query: string): Promise<CustomerStatement> =>
    CustomerStatementSchema.parse(
      (
        await inv
          .api(T, 'svc-documents')
          .get(`/api/internal/customers/${await customerId(name)}/statement?${query}`)
          .expect(200)
      ).body,
    );
  const shippedIn = async (month: string) =>
    (
      await inv.db
        .knex('pull_tickets')
        .where({ tenant_id: T, status: 'shipped' })
        .whereRaw(`to_char(shipped_at AT TIME ZONE 'UTC', 'YYYY-MM') = ?`, [month])
        .select('id', 'pt_number', 'items')
    ).map((ticket: { id: string; pt_number: string; items: { qty: number }[] }) => ({
      shippedOn: `${month}-15`,
      pullTicketId: Number(ticket.id),
      ptNumber: ticket.pt_number,
      quantity: ticket.items[0]!.qty,
    }));

  it('lists each release of the period, the stock held now and its programs, and nothing of the vendor, the PO or a price', async () => {
    const months = usageMonths(today);
    const lastMonth = lastFullMonth(today);
    const [flyerNow] = (await stockOf('Acme Marketing')).items;
    const statement = await statementOf('Acme Marketing', `from=${lastMonth.from}&to=${lastMonth.to}`);
    expect(statement).toMatchObject({ customerName: 'Acme Marketing', customerEmail: 'office@acme.test', asOf: today, from: lastMonth.from, to: lastMonth.to });
    // The cards Acme drew are shared stock, and none of them shipped: no line.
    expect(statement.items.map((item) => item.itemId)).toEqual(['flyer']);
    const [flyer] = statement.items;
    expect(flyer).toEqual({
      itemId: 'flyer',
      itemName: 'Flyer A5',
      atVendor: flyerNow!.atVendor,
      allocated: flyerNow!.allocated,
      remaining: flyerNow!.remaining,
      releasedInPeriod: 2_100,
      releases: await shippedIn(months[11]!),
      monthsOfSupply: flyerNow!.monthsOfSupply,
      runOutOn: flyerNow!.runOutOn,
      programs: [{ expiresOn: flyerNow!.programs[0]!.expiresOn, daysLeft: flyerNow!.programs[0]!.daysLeft, atVendor: flyerNow!.atVendor }],
    });
    expect(flyer!.releases).toHaveLength(1);

    // Two months: both releases, oldest first; the months around them are left out.
    const twoMonths = await statementOf('Acme Marketing', `from=${months[10]}-01&to=${lastMonth.to}`);
    expect(twoMonths.items[0]!.releases).toEqual([...(await shippedIn(months[10]!)), ...(await shippedIn(months[11]!))]);
    expect(twoMonths.items[0]!.releasedInPeriod).toBe(2_000 + 2_100);

    const text = JSON.stringify([statement, twoMonths]);
    expect(['Pinnacle', 'pinnacle', 'PO-8001-BL', 'vendor', 'price', 'cost', 'poNumber'].filter((word) => text.includes(word))).toEqual([]);
  });

  it('lists what a customer holds though nothing was released in the period, and knows their e-mail', async () => {
    // Beacon's flyers on the manual PO-M-9-BL, 700 of them held for its open order.
    const statement = await statementOf('Beacon Dental', 'from=2026-01-01&to=2026-01-31');
    expect(statement).toMatchObject({ customerName: 'Beacon Dental', customerEmail: 'office@beacon.test' });
    expect(statement.items).toEqual([
      expect.objectContaining({ itemId: 'flyer', atVendor: 3_000, allocated: 700, remaining: 2_300, releasedInPeriod: 0, releases: [], monthsOfSupply: null }),
    ]);
    expect(['Metro', 'PO-M-9-BL'].filter((word) => JSON.stringify(statement).includes(word))).toEqual([]);
  });

  it('refuses a period that is no statement’s, naming the field, and 404s another company’s customer', async () => {
    const path = `/api/internal/customers/${await customerId('Acme Marketing')}/statement`;
    const refusal = async (query: string) => (await inv.api(T, 'svc-documents').get(`${path}?${query}`).expect(400)).body.message;
    expect(await refusal('to=2026-01-31')).toBe('from: must be a date YYYY-MM-DD');
    expect(await refusal('from=2026-02-30&to=2026-03-01')).toBe('from: must be a date YYYY-MM-DD');
    expect(await refusal('from=2026-02-01&to=2026-01-31')).toBe('to: must be on or after from');
    expect(await refusal('from=2025-01-01&to=2026-01-02')).toBe('to: must be at most 366 days from from');
    await inv.api('t-someone-else', 'svc-documents').get(`${path}?from=2026-01-01&to=2026-01-31`).expect(404);
  });
});

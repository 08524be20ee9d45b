import { CustomerInventorySchema, createEvent, type CustomerInventory } from '@printpool/contracts';
import { addDays, usageMonths } from '@printpool/domain';
import { startDocumentsPeer, type DocumentsPeer } from './support/documentsPeer.js';
import { seedCatalog } from './support/pullTicketFixtures.js';
import { estimate, estimateEvent, line, poEvent, purchaseOrder, qbTime, startInventory, type TestInventory } from './support/service.js';

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
  await inv.deliver(
    createEvent('accounting.customer.upserted', T, {
      realmId: 'r',
      customers: [
        {
          qbId: 'c2',
          displayName: 'Beacon Dental',
          companyName: null,
          email: 'office@beacon.test',
          phone: null,
          billAddress: null,
          shipAddress: null,
          active: true,
          qbUpdatedAt: qbTime(),
        },
      ],
    }),
  );
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

const customerId = async (name: string): Promise<number> =>
  (
    await inv
      .api(T)
      .get(`/api/customers?search=${encodeURIComponent(name)}`)
      .expect(200)
  ).body[0].id;
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

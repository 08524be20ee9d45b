import {
  InventoryAlertsSchema,
  ReorderEstimateSchema,
  ReorderEstimateToCreateSchema,
  type InventoryAlert,
  type ReorderEstimateToCreate,
} from '@printpool/contracts';
import { customerIdOf, seedCatalog, seedSecondCustomer } from './support/pullTicketFixtures.js';
import { estimate, estimateEvent, line, poEvent, purchaseOrder, startInventory, type TestInventory } from './support/service.js';

// A reorder alert's estimate (docs/product.md §12), svc-sync's side in svc-inventory: what to
// create in QuickBooks (the last bulk run's quantity at the last price), the request held against a
// second click, and the estimate linked to the alert.
const T = 't-reorder-estimates';
let inv: TestInventory;

beforeAll(async () => {
  inv = await startInventory();
  await seedCatalog(inv, T);
  await seedSecondCustomer(inv, T);
  // Acme's flyers: a run in 2024, then the latest one in two lines; Beacon's own run after both.
  await inv.deliver(
    poEvent(T, [
      purchaseOrder('r1', 'PO-9001-BL', [{ ...line('1', 'flyer', 30_000, 0.1), customerQbId: 'c1' }], { txnDate: '2024-06-01' }),
      purchaseOrder(
        'r2',
        'PO-9002-BL',
        [
          { ...line('1', 'flyer', 10_000, 0.1), customerQbId: 'c1' },
          { ...line('2', 'flyer', 2_500, 0.1), customerQbId: 'c1' },
        ],
        { txnDate: '2025-06-01' },
      ),
      purchaseOrder('r3', 'PO-9003-BL', [{ ...line('1', 'flyer', 8_000, 0.1), customerQbId: 'c2' }], { txnDate: '2025-09-01' }),
    ]),
  );
  // Acme's orders of flyers: the later one's price is the last price.
  await inv.deliver(
    estimateEvent(T, [
      estimate('e1', 'EST-R1-BL', [line('1', 'flyer', 1_000, 0.18)], { txnDate: '2025-03-01' }),
      estimate('e2', 'EST-R2-BL', [line('1', 'flyer', 1_500, 0.2275)], { txnDate: '2025-08-01' }),
    ]),
  );
});
afterAll(() => inv.close());

const customerId = (name: string): Promise<number> => customerIdOf(inv, T, name);
const path = (customer: number, itemId: string, rest = 'reorder-estimate') => `/api/internal/customers/${customer}/inventory/${itemId}/${rest}`;
const request = (customer: number, itemId: string, tenant = T) => inv.api(tenant, 'svc-sync').post(path(customer, itemId));
const toCreate = async (customer: number, itemId: string): Promise<ReorderEstimateToCreate> =>
  ReorderEstimateToCreateSchema.parse((await request(customer, itemId).expect(200)).body);
const reorderAlert = async (customer: number, itemId: string) =>
  InventoryAlertsSchema.parse((await inv.api(T).get('/api/inventory/alerts').expect(200)).body).alerts.find(
    (alert): alert is Extract<InventoryAlert, { kind: 'reorder' }> => alert.key === `reorder.${customer}.${itemId}`,
  );

/** The broker's point for the customer's item, high enough that the item is at it. */
async function reorderAt(customer: number, itemId: string, units: number): Promise<void> {
  const item = (await inv.api(T).get(`/api/customers/${customer}/inventory`).expect(200)).body.items.find(
    (candidate: { itemId: string }) => candidate.itemId === itemId,
  );
  await inv.api(T).put(`/api/customers/${customer}/inventory/${itemId}/reorder-point`, { units }).set('If-Match', `"${item.reorderPoint.version}"`).expect(200);
}

describe('a reorder estimate', () => {
  it("answers the latest bulk run's quantity at the last price, refuses a second request meanwhile, and links the estimate to the alert", async () => {
    const acme = await customerId('Acme Marketing');
    await reorderAt(acme, 'flyer', 1_000_000);
    expect((await reorderAlert(acme, 'flyer'))!.estimate).toBeNull();

    const reorder = await toCreate(acme, 'flyer');
    expect(reorder).toEqual({
      status: 'to-create',
      customerId: acme,
      customerName: 'Acme Marketing',
      customerQbId: 'c1',
      itemId: 'flyer',
      itemName: 'Flyer A5',
      quantity: 12_500,
      unitPrice: 0.2275,
      basis: {
        bulkRun: { purchaseOrderId: expect.any(Number), poNumber: 'PO-9002-BL', quantity: 12_500 },
        price: { from: 'sales-order', salesOrderId: expect.any(Number), soNumber: 'EST-R2-BL', unitPrice: 0.2275 },
      },
    });
    // A double click: the first request is still with QuickBooks, so the second writes nothing.
    expect((await request(acme, 'flyer').expect(409)).body.message).toBe(
      'An estimate for Flyer A5 is being created in QuickBooks: it shows on the alert once QuickBooks answers',
    );

    const linked = ReorderEstimateSchema.parse(
      (
        await inv
          .api(T, 'svc-sync')
          .post(path(acme, 'flyer', 'reorder-estimate-result'), { status: 'created', qbId: '1877', docNumber: '1077' })
          .expect(200)
      ).body,
    );
    expect(linked).toEqual({ qbId: '1877', docNumber: '1077', createdAt: expect.any(String), quantity: 12_500, unitPrice: 0.2275 });
    expect((await reorderAlert(acme, 'flyer'))!.estimate).toEqual(linked);
    // Asked again, the alert's estimate is the answer, and nothing is to be written.
    expect(await toCreate(acme, 'flyer')).toEqual({ status: 'created', estimate: linked });
    await inv
      .api(T, 'svc-sync')
      .post(path(acme, 'flyer', 'reorder-estimate-result'), { status: 'created', qbId: '1878', docNumber: '1078' })
      .expect(404);

    // The run arrives: stock past the level the estimate was asked at ends the link, and the alert offers a new one.
    await inv.deliver(poEvent(T, [purchaseOrder('r4', 'PO-9004-BL', [{ ...line('1', 'flyer', 40_000, 0.1), customerQbId: 'c1' }], { txnDate: '2026-01-05' })]));
    expect((await reorderAlert(acme, 'flyer'))!.estimate).toBeNull();
    expect(await toCreate(acme, 'flyer')).toMatchObject({ status: 'to-create', quantity: 40_000, basis: { bulkRun: { poNumber: 'PO-9004-BL' } } });
  });

  it("takes the item's sales price for a customer who never ordered it, and lets a request QuickBooks refused go", async () => {
    const beacon = await customerId('Beacon Dental');
    expect(await toCreate(beacon, 'flyer')).toMatchObject({
      status: 'to-create',
      quantity: 8_000,
      unitPrice: 0.2,
      basis: { bulkRun: { poNumber: 'PO-9003-BL', quantity: 8_000 }, price: { from: 'item', unitPrice: 0.2 } },
    });
    await inv
      .api(T, 'svc-sync')
      .post(path(beacon, 'flyer', 'reorder-estimate-result'), { status: 'failed' })
      .expect(204);
    expect(await toCreate(beacon, 'flyer')).toMatchObject({ status: 'to-create', quantity: 8_000 });
  });

  it('refuses an item no bulk run of the customer held with 422 naming why, and an unknown customer or item, or another company, with 404', async () => {
    // Beacon and Acme both draw business cards from PO-7001-BL: shared stock, no one's. Beacon's shipped cards are its usage.
    await inv.deliver(
      estimateEvent(T, [
        estimate('e3', 'EST-R3-BL', [line('1', 'card', 100, 0.5)], { customerQbId: 'c2', customerName: 'Beacon Dental', txnStatus: 'Accepted' }),
        estimate('e4', 'EST-R4-BL', [line('1', 'card', 100, 0.5)], { txnStatus: 'Accepted' }),
      ]),
    );
    const [order] = (await inv.api(T).get('/api/sales-orders?search=EST-R3-BL').expect(200)).body;
    const ticket = (await inv.api(T).post(`/api/sales-orders/${order.id}/create-pull-ticket`).expect(201)).body;
    await inv.api(T).post(`/api/pull-tickets/${ticket.id}/ship`, { sendEmail: false }).expect(200);

    const beacon = await customerId('Beacon Dental');
    const refused = await request(beacon, 'card').expect(422);
    expect(refused.body).toMatchObject({
      message: "No bulk run of Business card held Beacon Dental's stock, so there is no quantity to reorder",
      details: { field: 'quantity' },
    });
    const acme = await customerId('Acme Marketing');
    await request(99_999_999, 'flyer').expect(404);
    await request(acme, 'no-such-item').expect(404);
    await request(acme, 'flyer', 't-someone-else').expect(404);
    await inv
      .api(T, 'svc-sync')
      .post(path(acme, 'flyer', 'reorder-estimate-result'), { status: 'created', qbId: '' })
      .expect(400);
  });
});

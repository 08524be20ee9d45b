import type { PurchaseOrderReceipts, ProgramSummary } from '@printpool/contracts';
import { addMonths } from '@printpool/domain';
import { startDocumentsPeer, type DocumentsPeer } from './support/documentsPeer.js';
import { acceptedOrder, seedCatalog } from './support/pullTicketFixtures.js';
import { line, poEvent, purchaseOrder, startInventory, type TestInventory } from './support/service.js';

// A bulk PO's program as it has run (docs/product.md §11).
const T = 't-program-summary';
let inv: TestInventory;
let documents: DocumentsPeer;
let poId: number;

beforeAll(async () => {
  documents = await startDocumentsPeer();
  inv = await startInventory({ DOCUMENTS_URL: documents.url });
  await seedCatalog(inv, T);
  await inv.deliver(poEvent(T, [purchaseOrder('std', 'PO-STD', [line('1', 'flyer', 10)])]));
  poId = (await inv.api(T).get('/api/purchase-orders?search=PO-7001-BL').expect(200)).body[0].id;
});
afterAll(async () => {
  await inv.close();
  await documents.close();
});

const today = () => new Date().toISOString().slice(0, 10);

it('tells what was ordered, received, allocated, released and is left, what releases and storage have cost, and the run in order', async () => {
  const program = (await inv.api(T).get(`/api/purchase-orders/${poId}/program`).expect(200)).body;
  await inv
    .api(T)
    .put(`/api/purchase-orders/${poId}/program`, {
      releaseCharge: 25,
      freeStorageDays: 90,
      storageChargePerMonth: 1.5,
      storageChargeBasis: 'per1000',
      expiresOn: '2099-06-30',
    })
    .set('If-Match', `"${program.version}"`)
    .expect(200);
  const run = (await inv.api(T).get(`/api/purchase-orders/${poId}/receipts`).expect(200)).body as PurchaseOrderReceipts;
  await inv
    .api(T)
    .post(`/api/purchase-orders/${poId}/receipts`, {
      receivedOn: '2025-02-01',
      lines: [
        { itemId: 'flyer', quantityReceived: 104_500 },
        { itemId: 'card', quantityReceived: 50_000 },
      ],
    })
    .set('If-Match', `"${run.version}"`)
    .expect(201);
  const shippedOrder = await acceptedOrder(inv, T, 's1', 'EST-S1-BL');
  const ticket = (await inv.api(T).post(`/api/sales-orders/${shippedOrder}/create-pull-ticket`).expect(201)).body;
  await inv.api(T).post(`/api/pull-tickets/${ticket.id}/ship`, { sendEmail: false }).expect(200);
  await acceptedOrder(inv, T, 's2', 'EST-S2-BL');

  const summary = (await inv.api(T).get(`/api/purchase-orders/${poId}/program/summary`).expect(200)).body as ProgramSummary;
  expect(summary.asOf).toBe(today());
  expect(summary.items).toEqual([
    {
      itemId: 'flyer',
      itemName: 'Item flyer',
      ordered: 100_000,
      received: 104_500,
      pooled: 104_500,
      allocated: 500,
      released: 500,
      remaining: 103_500,
      atVendor: 104_000,
    },
    {
      itemId: 'card',
      itemName: 'Item card',
      ordered: 50_000,
      received: 50_000,
      pooled: 50_000,
      allocated: 250,
      released: 250,
      remaining: 49_500,
      atVendor: 49_750,
    },
  ]);
  expect(summary.totals).toMatchObject({ pooled: 154_500, allocated: 750, released: 750, remaining: 153_000, remainingPercent: 99 });
  expect(summary.releases).toEqual({ shipped: 1, charges: '25.00' });

  // Free for 90 days from the PO's date (2025-01-10); then every month begun costs $1.50 per 1,000 units at the vendor.
  expect(summary.storage.freeUntil).toBe('2025-04-09');
  const begun = [];
  for (let month = 0; addMonths('2025-04-10', month) <= today(); month++) begun.push(addMonths('2025-04-10', month));
  expect(summary.storage.months.map((month) => month.from)).toEqual(begun);
  // The one release shipped today: every month begun so far held all 154,500 units.
  expect(new Set(summary.storage.months.map((month) => month.charge))).toEqual(new Set(['231.75']));
  expect(summary.storage.accrued).toBe((begun.length * 231.75).toFixed(2));
  expect(summary.chargesToDate).toBe((begun.length * 231.75 + 25).toFixed(2));
  expect(summary.daysLeft).toBeGreaterThan(0);

  expect(summary.timeline.map((entry) => [entry.kind, entry.date, entry.quantity])).toEqual([
    ['ordered', '2025-01-10', 150_000],
    ['received', '2025-02-01', 154_500],
    ['release', today(), 750],
    ['expires', '2099-06-30', null],
  ]);
  expect(summary.timeline[2]).toMatchObject({
    pullTicket: { id: ticket.id, ptNumber: ticket.ptNumber, status: 'shipped' },
    salesOrder: { id: shippedOrder, soNumber: 'EST-S1-BL' },
  });
});

it('is only of a bulk PO of the company', async () => {
  const standard = (await inv.api(T).get('/api/purchase-orders?search=PO-STD').expect(200)).body[0].id;
  await inv.api(T).get(`/api/purchase-orders/${standard}/program/summary`).expect(422);
  await inv.api('t-someone-else').get(`/api/purchase-orders/${poId}/program/summary`).expect(404);
});

it('puts on the dashboard the programs ending within 30 days with units left, and what programs charge this month', async () => {
  const almostAYearAgo = new Date();
  almostAYearAgo.setUTCMonth(almostAYearAgo.getUTCMonth() - 12);
  almostAYearAgo.setUTCDate(almostAYearAgo.getUTCDate() + 10);
  await inv.deliver(poEvent(T, [purchaseOrder('soon', 'PO-SOON-BL', [line('1', 'flyer', 2_000)], { txnDate: almostAYearAgo.toISOString().slice(0, 10) })]));
  const dashboard = (await inv.api(T).get('/api/dashboard/programs').expect(200)).body;
  const summary = (await inv.api(T).get(`/api/purchase-orders/${poId}/program/summary`).expect(200)).body as ProgramSummary;

  expect(dashboard.month).toBe(today().slice(0, 7));
  expect(dashboard.expiringSoon).toEqual([
    expect.objectContaining({ poNumber: 'PO-SOON-BL', vendorName: 'Pinnacle Press', remaining: 2_000, remainingPercent: 100, daysLeft: expect.any(Number) }),
  ]);
  expect(dashboard.expiringSoon[0].daysLeft).toBeLessThanOrEqual(10);
  // The one release of PO-7001-BL shipped today; its storage months begun this month.
  expect(dashboard.charges).toEqual({
    releases: '25.00',
    storage: summary.storage.accruedThisMonth,
    total: (25 + Number(summary.storage.accruedThisMonth)).toFixed(2),
  });
  expect((await inv.api('t-no-programs').get('/api/dashboard/programs').expect(200)).body).toEqual({
    month: today().slice(0, 7),
    expiringSoon: [],
    charges: { releases: '0.00', storage: '0.00', total: '0.00' },
  });
});

it("lists each bulk PO's charges to date as its program page counts them, sorted and exported by them, none for a standard PO", async () => {
  const threeMonthsAgo = new Date();
  threeMonthsAgo.setUTCMonth(threeMonthsAgo.getUTCMonth() - 3);
  await inv.deliver(poEvent(T, [purchaseOrder('flat', 'PO-FLAT-BL', [line('1', 'flyer', 1_000)], { txnDate: threeMonthsAgo.toISOString().slice(0, 10) })]));
  const flatId = (await inv.api(T).get('/api/purchase-orders?search=PO-FLAT-BL').expect(200)).body[0].id;
  await inv.api(T).edit(`/api/purchase-orders/${flatId}/program`, { storageChargePerMonth: 10, storageChargeBasis: 'flat' }).expect(200);
  const chargesOf = async (id: number) =>
    ((await inv.api(T).get(`/api/purchase-orders/${id}/program/summary`).expect(200)).body as ProgramSummary).chargesToDate;
  const released = await chargesOf(poId);
  const stored = await chargesOf(flatId);
  // Months of flat storage begun since the PO's date, and the release and storage of PO-7001-BL.
  expect(Number(stored)).toBeGreaterThanOrEqual(30);
  expect(Number(released)).toBeGreaterThan(Number(stored));

  const listed = async (query: string) =>
    ((await inv.api(T).get(`/api/purchase-orders?${query}`).expect(200)).body as { poNumber: string; chargesToDate: string | null }[]).map((po) => [
      po.poNumber,
      po.chargesToDate,
    ]);
  expect(await listed('poType=BULK&sort=-chargesToDate')).toEqual([
    ['PO-7001-BL', released],
    ['PO-FLAT-BL', stored],
    // A program without a charge has cost nothing.
    ['PO-SOON-BL', '0.00'],
  ]);
  expect(await listed('sort=chargesToDate')).toEqual([
    ['PO-SOON-BL', '0.00'],
    ['PO-FLAT-BL', stored],
    ['PO-7001-BL', released],
    ['PO-STD', null],
  ]);
  // A page further on holds the next in that order, and the total counts every PO selected.
  const second = await inv.api(T).get('/api/purchase-orders?poType=BULK&sort=-chargesToDate&limit=1&offset=1').expect(200);
  expect(second.body.map((po: { poNumber: string }) => po.poNumber)).toEqual(['PO-FLAT-BL']);
  expect(second.headers['x-total-count']).toBe('3');
  // Any other order shows them too.
  expect(await listed('search=PO-7001-BL')).toEqual([['PO-7001-BL', released]]);

  const csv = await inv.api(T).get('/api/purchase-orders/export.csv?sort=-chargesToDate&poType=BULK').expect(200);
  const [heading, ...records] = csv.text.slice(1).trim().split('\n');
  expect(heading).toContain('Program Expires,Remaining %,Charges,Source');
  const charges = heading!.split(',').indexOf('Charges');
  expect(records.map((record) => [record.split(',')[0], record.split(',')[charges]])).toEqual([
    ['PO-7001-BL', released],
    ['PO-FLAT-BL', stored],
    ['PO-SOON-BL', '0.00'],
  ]);
  const standard = (await inv.api(T).get('/api/purchase-orders/export.csv?search=PO-STD').expect(200)).text.slice(1).trim().split('\n')[1]!;
  expect(standard.split(',')[charges]).toBe('');
});

import { INVENTORY_EVENTS, ReceiptRecordedSchema, type PurchaseOrderReceipts, type ReceiptRecorded, type ReceiptResolved } from '@printpool/contracts';
import { testDatabaseKinds } from '@printpool/service-kit/testing';
import { reconcile } from '../src/index.js';
import { committedEvents, estimate, estimateEvent, line, poEvent, purchaseOrder, qbTime, startInventory, type TestInventory } from './support/service.js';

// Receipts of a bulk PO's run, with overs and unders (docs/product.md §11).
let inv: TestInventory;
let tenant = 0;

beforeAll(async () => {
  inv = await startInventory();
});
afterAll(() => inv.close());

/** A tenant of its own with the POs given, answering their ids by number. */
async function tenantWith(...pos: Parameters<typeof purchaseOrder>[]): Promise<{ T: string; ids: Record<string, number> }> {
  tenant += 1;
  const T = `t-receipts-${tenant}`;
  await inv.deliver(
    poEvent(
      T,
      pos.map((args) => purchaseOrder(...args)),
    ),
  );
  const list = (await inv.api(T).get('/api/purchase-orders').expect(200)).body as { poNumber: string; id: number }[];
  return { T, ids: Object.fromEntries(list.map((po) => [po.poNumber, po.id])) };
}

const receiptsOf = (id: number) => `/api/purchase-orders/${id}/receipts`;

/** A receipt as the dialog records it: the run read (its version), then the delivery posted with that version. */
async function receive(T: string, id: number, body: object, status = 201): Promise<PurchaseOrderReceipts> {
  const read = (await inv.api(T).get(receiptsOf(id)).expect(200)).body as PurchaseOrderReceipts;
  return (await inv.api(T).post(receiptsOf(id), body).set('If-Match', `"${read.version}"`).expect(status)).body;
}

const order = async (T: string, soNumber: string) => (await inv.api(T).get(`/api/sales-orders?search=${soNumber}`).expect(200)).body[0];
const poView = async (T: string, id: number) => (await inv.api(T).get(`/api/purchase-orders/${id}`).expect(200)).body;

describe('a receipt within tolerance', () => {
  it('makes the pool hold the received units, so an order above the ordered quantity is allocated, and says what the overs cost', async () => {
    const { T, ids } = await tenantWith(['1', 'PO-1-BL', [line('1', 'flyer', 10_000, 0.1)]]);
    const run = (await inv.api(T).get(receiptsOf(ids['PO-1-BL']!)).expect(200)).body as PurchaseOrderReceipts;
    expect(run.lines).toEqual([expect.objectContaining({ itemId: 'flyer', ordered: 10_000, received: null, pooled: 10_000, state: 'in-production' })]);

    // 10,200 is more than was ordered: it waits while the run is in production.
    await inv.deliver(estimateEvent(T, [estimate('e1', 'EST-1-BL', [line('1', 'flyer', 10_200, 0.2)])]));
    expect(await order(T, 'EST-1-BL')).toMatchObject({ status: 'pending', bulkPoId: null });

    const received = await receive(T, ids['PO-1-BL']!, {
      receivedOn: '2026-11-20',
      note: 'Run delivered',
      lines: [{ itemId: 'flyer', quantityReceived: 10_450 }],
    });
    expect(received.lines).toEqual([
      {
        itemId: 'flyer',
        itemName: 'Item flyer',
        ordered: 10_000,
        received: 10_450,
        pooled: 10_450,
        difference: 450,
        differencePercent: 4.5,
        withinTolerance: true,
        unitCost: 0.1,
        differenceAmount: '45.00',
        state: 'received',
      },
    ]);
    expect(received.receipts).toEqual([
      expect.objectContaining({
        receivedOn: '2026-11-20',
        note: 'Run delivered',
        status: 'complete',
        lines: [{ itemId: 'flyer', itemName: 'Item flyer', quantityReceived: 10_450 }],
      }),
    ]);

    expect(await order(T, 'EST-1-BL')).toMatchObject({ status: 'active', bulkPoId: ids['PO-1-BL'] });
    const po = await poView(T, ids['PO-1-BL']!);
    expect(po.items[0]).toMatchObject({ qty: 10_000, qtyReceived: 10_450, qtyRemaining: 250 });

    const [event] = await committedEvents<ReceiptRecorded>(inv, T, INVENTORY_EVENTS.receiptRecorded);
    expect(ReceiptRecordedSchema.parse(event)).toEqual({
      purchaseOrderId: ids['PO-1-BL'],
      poNumber: 'PO-1-BL',
      vendorName: 'Pinnacle Press',
      receiptId: received.receipts[0]!.id,
      receivedOn: '2026-11-20',
      status: 'complete',
      tolerancePercent: 10,
      lines: [
        {
          itemId: 'flyer',
          ordered: 10_000,
          quantityReceived: 10_450,
          received: 10_450,
          difference: 450,
          withinTolerance: true,
          unitCost: 0.1,
          differenceAmount: '45.00',
        },
      ],
    });
    expect(
      (await inv.api(T).get(`/api/purchase-orders/${ids['PO-1-BL']}/history`).expect(200)).body.map((entry: { action: string }) => entry.action),
    ).toContain('Receipt recorded');
    expect(await reconcile(inv.db.knex, { tenantId: T })).toEqual({ drift: [], fixed: false });
  });
});

// The rule that keeps nothing overdrawn runs in the database's statements: held on each kind the product runs on.
describe.each(testDatabaseKinds())('an under beyond tolerance, on %s', (database) => {
  let shared: TestInventory;
  let own: Promise<TestInventory>;
  // Migrating a fresh embedded database can take a minute on a busy machine; however long it took, afterAll closes it.
  beforeAll(async () => {
    shared = inv;
    own = startInventory({}, database);
    inv = await own;
  }, 120_000);
  afterAll(async () => {
    inv = shared;
    await (await own).close();
  });

  it('is flagged, and moves the orders it leaves short to the next covering PO or back to waiting, with nothing overdrawn', async () => {
    const { T, ids } = await tenantWith(['1', 'PO-1-BL', [line('1', 'flyer', 10_000, 0.1)]], ['2', 'PO-2-BL', [line('1', 'flyer', 3_000, 0.1)]]);
    await inv.deliver(
      estimateEvent(T, [
        estimate('e1', 'EST-1-BL', [line('1', 'flyer', 4_000)], { txnDate: '2025-01-01', txnStatus: 'Accepted' }),
        estimate('e2', 'EST-2-BL', [line('1', 'flyer', 2_500)], { txnDate: '2025-01-02', txnStatus: 'Accepted' }),
        estimate('e3', 'EST-3-BL', [line('1', 'flyer', 3_000)], { txnDate: '2025-01-03', txnStatus: 'Accepted' }),
      ]),
    );
    for (const so of ['EST-1-BL', 'EST-2-BL', 'EST-3-BL']) expect(await order(T, so)).toMatchObject({ status: 'processing', bulkPoId: ids['PO-1-BL'] });

    // 6,500 of 10,000 arrived: 35 % short.
    const run = await receive(T, ids['PO-1-BL']!, { receivedOn: '2026-11-21', lines: [{ itemId: 'flyer', quantityReceived: 6_500 }] });
    expect(run.lines[0]).toMatchObject({
      received: 6_500,
      difference: -3_500,
      differencePercent: -35,
      withinTolerance: false,
      differenceAmount: '-350.00',
      state: 'flagged',
    });
    expect(run.receipts[0]!.status).toBe('flagged');

    // The oldest keep what they can on PO-1-BL; the one left short goes to PO-2-BL.
    expect(await order(T, 'EST-1-BL')).toMatchObject({ bulkPoId: ids['PO-1-BL'] });
    expect(await order(T, 'EST-2-BL')).toMatchObject({ bulkPoId: ids['PO-1-BL'] });
    const moved = await order(T, 'EST-3-BL');
    expect(moved).toMatchObject({ status: 'processing', bulkPoId: ids['PO-2-BL'] });
    const history = (await inv.api(T).get(`/api/sales-orders/${moved.id}/history`).expect(200)).body as { action: string }[];
    expect(history.map((entry) => entry.action)).toContain('Re-allocated: its bulk PO was delivered short');
    expect((await poView(T, ids['PO-1-BL']!)).items[0]).toMatchObject({ qtyReceived: 6_500, qtyRemaining: 0 });
    expect(await reconcile(inv.db.knex, { tenantId: T })).toEqual({ drift: [], fixed: false });

    // The broker holds the difference as a claim against the vendor.
    const resolved = (
      await inv
        .api(T)
        .post(`${receiptsOf(ids['PO-1-BL']!)}/${run.receipts[0]!.id}/resolve`, { resolution: 'claim', note: 'Vendor to reprint 3,500' })
        .set('If-Match', `"${run.version}"`)
        .expect(200)
    ).body as PurchaseOrderReceipts;
    expect(resolved.receipts[0]).toMatchObject({ status: 'claim', resolutionNote: 'Vendor to reprint 3,500' });
    expect(resolved.lines[0]!.state).toBe('claim');
    expect(await committedEvents<ReceiptResolved>(inv, T, INVENTORY_EVENTS.receiptResolved)).toEqual([
      { purchaseOrderId: ids['PO-1-BL'], poNumber: 'PO-1-BL', receiptId: run.receipts[0]!.id, resolution: 'claim', note: 'Vendor to reprint 3,500' },
    ]);
    // Answered once: a second answer finds nothing waiting.
    await inv
      .api(T)
      .post(`${receiptsOf(ids['PO-1-BL']!)}/${run.receipts[0]!.id}/resolve`, { resolution: 'accepted' })
      .set('If-Match', `"${resolved.version}"`)
      .expect(409);
  });

  it('sends an order no other PO covers back to waiting, with the reason', async () => {
    const { T, ids } = await tenantWith(['1', 'PO-1-BL', [line('1', 'flyer', 1_000)]]);
    await inv.deliver(estimateEvent(T, [estimate('e1', 'EST-1-BL', [line('1', 'flyer', 900)])]));
    expect(await order(T, 'EST-1-BL')).toMatchObject({ status: 'active', bulkPoId: ids['PO-1-BL'] });
    await receive(T, ids['PO-1-BL']!, { receivedOn: '2026-11-21', lines: [{ itemId: 'flyer', quantityReceived: 500 }] });
    expect(await order(T, 'EST-1-BL')).toMatchObject({
      status: 'pending',
      bulkPoId: null,
      allocationNote: 'No bulk purchase orders with sufficient inventory for these items',
    });
    expect(await reconcile(inv.db.knex, { tenantId: T })).toEqual({ drift: [], fixed: false });
  });
});

describe('a receipt refused', () => {
  it('names the field, the version or the kind of PO, and records nothing', async () => {
    const { T, ids } = await tenantWith(['1', 'PO-1-BL', [line('1', 'flyer', 1_000)]], ['2', 'PO-2', [line('1', 'flyer', 10)]]);
    const id = ids['PO-1-BL']!;
    const read = (await inv.api(T).get(receiptsOf(id)).expect(200)).body as PurchaseOrderReceipts;
    const post = (body: object, version = read.version) => inv.api(T).post(receiptsOf(id), body).set('If-Match', `"${version}"`);

    expect((await post({ receivedOn: '2026-11-21', lines: [{ itemId: 'card', quantityReceived: 5 }] }).expect(400)).body.details.issues).toEqual([
      { field: 'lines.0.itemId', message: 'PO-1-BL has no item card' },
    ]);
    expect((await post({ receivedOn: 'yesterday', lines: [{ itemId: 'flyer', quantityReceived: -1 }] }).expect(400)).body.details.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'receivedOn' }), expect.objectContaining({ field: 'lines.0.quantityReceived' })]),
    );
    expect((await post({ receivedOn: '2026-11-21', lines: [] }).expect(400)).body.details.issues[0].field).toBe('lines');
    await inv
      .api(T)
      .post(receiptsOf(id), { receivedOn: '2026-11-21', lines: [{ itemId: 'flyer', quantityReceived: 1_000 }] })
      .expect(400);

    await post({ receivedOn: '2026-11-21', lines: [{ itemId: 'flyer', quantityReceived: 1_000 }] }).expect(201);
    // The same form sent again (a second click) is based on the run before the first.
    const again = await post({ receivedOn: '2026-11-21', lines: [{ itemId: 'flyer', quantityReceived: 1_000 }] }).expect(409);
    expect(again.body.details.current.receipts).toHaveLength(1);

    await inv.api(T).get(receiptsOf(ids['PO-2']!)).expect(422);
    await inv.api(T).get(receiptsOf(999_999)).expect(404);
    await inv.api('t-receipts-other').get(receiptsOf(id)).expect(404);
    await inv.api(T, undefined, 'viewer').post(receiptsOf(id), { receivedOn: '2026-11-21', lines: [] }).set('If-Match', `"${read.version}"`).expect(403);
    expect((await inv.api(T).get(receiptsOf(id)).expect(200)).body.receipts).toHaveLength(1);
  });
});

describe('a receipt written back to QuickBooks', () => {
  const writeBack = (T: string, id: number, receiptId: number) => `/api/internal/purchase-orders/${id}/receipts/${receiptId}/write-back`;
  const result = (T: string, id: number, receiptId: number, body: object, status = 200) =>
    inv
      .api(T, 'svc-sync')
      .post(`${writeBack(T, id, receiptId)}-result`, body)
      .expect(status);
  const history = async (T: string, id: number) =>
    (await inv.api(T).get(`/api/purchase-orders/${id}/history`).expect(200)).body as {
      action: string;
      by: string;
      changes: { field: string; before: string | null; after: string | null }[];
    }[];

  it('keeps what was ordered once QuickBooks holds the received quantity, so the next sync neither loses the overs nor counts them twice', async () => {
    const { T, ids } = await tenantWith(['1', 'PO-1-BL', [line('1', 'flyer', 10_000, 0.1), line('2', 'card', 500, 0.2)]]);
    const id = ids['PO-1-BL']!;
    await inv.deliver(estimateEvent(T, [estimate('e1', 'EST-1-BL', [line('1', 'flyer', 10_300, 0.2)])]));
    const received = await receive(T, id, { receivedOn: '2026-11-20', lines: [{ itemId: 'flyer', quantityReceived: 10_450 }], writeBackToQuickBooks: true });
    expect(received.qbId).toBe('1');
    const receiptId = received.receipts[0]!.id;
    expect(received.receipts[0]!.writeBack).toEqual({ status: 'pending', reason: null, at: null });

    // What svc-sync writes: the line the receipt named, with all received of it, on the version PrintPool last synced.
    const toWrite = await inv
      .api(T, 'svc-sync')
      .get(writeBack(T, id, receiptId))
      .expect(200);
    expect(toWrite.body).toEqual({
      purchaseOrderId: id,
      poNumber: 'PO-1-BL',
      receiptId,
      qbId: '1',
      syncToken: '0',
      lines: [{ qbLineId: '1', itemId: 'flyer', itemName: 'Item flyer', quantityReceived: 10_450, unitPrice: 0.1 }],
    });
    const pooled = (await poView(T, id)).quantityRemaining;

    // QuickBooks took it: the PO now says 10,450 of the flyer.
    const answered = purchaseOrder('1', 'PO-1-BL', [line('1', 'flyer', 10_450, 0.1), line('2', 'card', 500, 0.2)], { syncToken: '1' });
    const written = (await result(T, id, receiptId, { status: 'written', lines: [{ qbLineId: '1', orderedBefore: 10_000 }], purchaseOrder: answered }))
      .body as PurchaseOrderReceipts;
    expect(written.receipts[0]!.writeBack).toEqual({ status: 'written', reason: null, at: expect.any(String) });
    const run = written.lines;
    expect(run[0]).toMatchObject({ itemId: 'flyer', ordered: 10_000, received: 10_450, pooled: 10_450, difference: 450, differenceAmount: '45.00' });
    expect(run[1]).toMatchObject({ itemId: 'card', ordered: 500, received: null, state: 'in-production' });
    const po = await poView(T, id);
    expect(po.items[0]).toMatchObject({ qty: 10_450, qtyReceived: 10_450 });
    expect(po.quantityRemaining).toBe(pooled);
    expect(await order(T, 'EST-1-BL')).toMatchObject({ status: 'active', bulkPoId: id });
    const [entry] = await history(T, id);
    expect(entry!.action).toBe('Receipt written to QuickBooks');
    expect(entry!.changes).toEqual(
      expect.arrayContaining([
        { field: 'Item Item flyer', before: '10000 at $0.10', after: '10450 at $0.10' },
        { field: 'Receipt of 2026-11-20 in QuickBooks', before: 'To be written', after: 'Written' },
      ]),
    );

    // The next sync brings the same PO: nothing moves, nothing is recorded again.
    const entries = (await history(T, id)).length;
    await inv.deliver(poEvent(T, [{ ...answered, qbUpdatedAt: qbTime() }]));
    expect((await inv.api(T).get(receiptsOf(id)).expect(200)).body.lines).toEqual(run);
    expect((await poView(T, id)).quantityRemaining).toBe(pooled);
    expect(await history(T, id)).toHaveLength(entries);
    expect(await reconcile(inv.db.knex, { tenantId: T })).toEqual({ drift: [], fixed: false });

    // QuickBooks orders anew (12,000): the run is measured against that order again.
    await inv.deliver(poEvent(T, [purchaseOrder('1', 'PO-1-BL', [line('1', 'flyer', 12_000, 0.1), line('2', 'card', 500, 0.2)], { syncToken: '2' })]));
    expect(((await inv.api(T).get(receiptsOf(id)).expect(200)).body as PurchaseOrderReceipts).lines[0]).toMatchObject({
      ordered: 12_000,
      received: 10_450,
      difference: -1_550,
    });
  });

  it('keeps the receipt and the reason when QuickBooks refuses it, and a failure racing the write that succeeded leaves it written', async () => {
    const { T, ids } = await tenantWith(['1', 'PO-1-BL', [line('1', 'flyer', 1_000)]]);
    const id = ids['PO-1-BL']!;
    const first = await receive(T, id, { receivedOn: '2026-11-20', lines: [{ itemId: 'flyer', quantityReceived: 1_050 }], writeBackToQuickBooks: true });
    const receiptId = first.receipts[0]!.id;
    const reason = 'QuickBooks changed PO-1-BL since PrintPool last synced it (SyncToken 1, PrintPool has 0): nothing was written.';
    const failed = (await result(T, id, receiptId, { status: 'failed', reason })).body as PurchaseOrderReceipts;
    expect(failed.receipts).toEqual([expect.objectContaining({ id: receiptId, writeBack: { status: 'failed', reason, at: expect.any(String) } })]);
    expect(failed.lines[0]).toMatchObject({ ordered: 1_000, received: 1_050, pooled: 1_050 });
    const [entry] = await history(T, id);
    expect(entry).toMatchObject({
      action: 'Receipt not written to QuickBooks',
      by: 'QuickBooks sync',
      changes: [{ field: 'Receipt of 2026-11-20 in QuickBooks', before: 'To be written', after: `Not written: ${reason}` }],
    });

    await result(T, id, receiptId, {
      status: 'written',
      lines: [{ qbLineId: '1', orderedBefore: 1_000 }],
      purchaseOrder: purchaseOrder('1', 'PO-1-BL', [line('1', 'flyer', 1_050)], { syncToken: '2' }),
    });
    const late = (await result(T, id, receiptId, { status: 'failed', reason: 'QuickBooks 500: System Failure Error' })).body as PurchaseOrderReceipts;
    expect(late.receipts[0]!.writeBack).toMatchObject({ status: 'written', reason: null });
  });

  it('is refused for a PO made in PrintPool, and for a receipt recorded without asking for it', async () => {
    tenant += 1;
    const T = `t-receipts-${tenant}`;
    const made = await inv
      .api(T)
      .post('/api/purchase-orders', {
        poNumber: 'PO-9-BL',
        vendorName: 'Pinnacle Press',
        vendorEmail: 'orders@pinnacle.test',
        addVendor: true,
        items: [{ itemId: 'flyer', itemName: 'Flyer', description: null, quantity: 100, unitPrice: 0.1 }],
      })
      .expect(201);
    const refused = await receive(
      T,
      made.body.id,
      { receivedOn: '2026-11-20', lines: [{ itemId: 'flyer', quantityReceived: 100 }], writeBackToQuickBooks: true },
      400,
    );
    expect((refused as unknown as { details: { issues: unknown[] } }).details.issues).toEqual([
      { field: 'writeBackToQuickBooks', message: 'PO-9-BL was made in PrintPool: QuickBooks has no purchase order of it to update' },
    ]);
    expect((await inv.api(T).get(receiptsOf(made.body.id)).expect(200)).body.receipts).toEqual([]);

    await inv.deliver(poEvent(T, [purchaseOrder('1', 'PO-1-BL', [line('1', 'flyer', 1_000)])]));
    const id = (await inv.api(T).get('/api/purchase-orders?search=PO-1-BL').expect(200)).body[0].id as number;
    const run = await receive(T, id, { receivedOn: '2026-11-20', lines: [{ itemId: 'flyer', quantityReceived: 1_000 }] });
    expect(run.receipts[0]!.writeBack).toBeNull();
    await inv
      .api(T, 'svc-sync')
      .get(writeBack(T, id, run.receipts[0]!.id))
      .expect(422);
    await result(T, id, run.receipts[0]!.id, { status: 'failed', reason: 'x' }, 422);
    await inv
      .api('t-receipts-other', 'svc-sync')
      .get(writeBack(T, id, run.receipts[0]!.id))
      .expect(404);
  });
});

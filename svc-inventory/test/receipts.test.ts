import { INVENTORY_EVENTS, ReceiptRecordedSchema, type PurchaseOrderReceipts, type ReceiptRecorded, type ReceiptResolved } from '@printpool/contracts';
import { reconcile } from '../src/index.js';
import { committedEvents, estimate, estimateEvent, line, poEvent, purchaseOrder, startInventory, type TestInventory } from './support/service.js';

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

describe('an under beyond tolerance', () => {
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

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { IF_MATCH_HEADER, lineAmount, type PurchaseOrder, type PurchaseOrderReceipts } from '@printpool/contracts';
import { waitFor } from '@printpool/service-kit/testing';
import { reconcile } from '@printpool/svc-inventory';
import { answered, newTenant, startHarness, type Harness } from './support.js';

type QboLine = Record<string, unknown> & {
  Id: string;
  DetailType: string;
  Amount: number;
  ItemBasedExpenseLineDetail?: Record<string, unknown> & { ItemRef: { value: string }; Qty: number; UnitPrice: number };
};
type QboPurchaseOrder = Record<string, unknown> & { Id: string; SyncToken: string; DocNumber: string; Line: QboLine[] };

// A receipt written back to its QuickBooks PO (docs/product.md §11, docs/quickbooks.md), against the sandbox's PO.
describe('POST /api/purchase-orders/:id/receipts/:receiptId/write-back (receipt write-back)', () => {
  let h: Harness;
  let realmId: string;
  const tenant = newTenant('receipt-write-back');
  const SUB_CENT = 0.0941;
  let runs: QboPurchaseOrder[];

  const inQuickbooks = (qbId: string) =>
    structuredClone(h.sandbox.store.realm(realmId)!.tables.PurchaseOrder.get(Number(qbId))!.data) as unknown as QboPurchaseOrder;
  const itemLines = (po: QboPurchaseOrder) => po.Line.filter((line) => line.DetailType === 'ItemBasedExpenseLineDetail');
  const purchaseOrder = async (qbId: string): Promise<PurchaseOrder> =>
    answered(await h.inventory!.route(tenant, 'get /api/purchase-orders', { query: { limit: 1000 } }), 200).find((po) => po.qbId === qbId)!;
  const receipts = async (id: number): Promise<PurchaseOrderReceipts> =>
    answered(await h.inventory!.route(tenant, 'get /api/purchase-orders/:id/receipts', { params: { id } }), 200);
  const history = async (id: number) => answered(await h.inventory!.route(tenant, 'get /api/purchase-orders/:id/history', { params: { id } }), 200);
  const writeBack = (id: number, receiptId: number, as = tenant) =>
    h.route(as, 'post /api/purchase-orders/:id/receipts/:receiptId/write-back', { params: { id, receiptId } });
  const sync = async () => {
    expect(answered(await h.route(tenant, 'post /api/quickbooks/sync', { query: { mode: 'full', wait: 'true' } }), 200).status).toBe('completed');
    await h.inventoryCaughtUp();
  };

  /** A delivery as the Receipts card records it: the run read, then the receipt posted on its version. */
  async function receive(id: number, lines: { itemId: string; quantityReceived: number }[], writeBackToQuickBooks = true): Promise<PurchaseOrderReceipts> {
    const run = await receipts(id);
    const recorded = await h.inventory!.route(tenant, 'post /api/purchase-orders/:id/receipts', {
      params: { id },
      body: { receivedOn: '2026-11-20', lines, writeBackToQuickBooks },
      headers: { [IF_MATCH_HEADER]: `"${run.version}"` },
    });
    return answered(recorded, 201);
  }

  /**
   * A bulk run as brokers' books hold one, set up in QuickBooks before the first sync: a sub-cent
   * unit cost and half a carton more on its first line, which also carries a class and a billable
   * customer; a freight line booked to an account; a private note.
   */
  function makeMessy(po: QboPurchaseOrder): void {
    const [first, ...rest] = po.Line;
    const qty = first!.ItemBasedExpenseLineDetail!.Qty + 0.5;
    h.sandbox.admin.update(realmId, 'PurchaseOrder', po.Id, {
      Line: [
        {
          ...first,
          Amount: lineAmount(qty, SUB_CENT),
          ItemBasedExpenseLineDetail: {
            ...first!.ItemBasedExpenseLineDetail!,
            Qty: qty,
            UnitPrice: SUB_CENT,
            ClassRef: { value: '5', name: 'Wholesale' },
            BillableStatus: 'Billable',
          },
        },
        ...rest.filter((line) => line.DetailType === 'ItemBasedExpenseLineDetail'),
        {
          DetailType: 'AccountBasedExpenseLineDetail',
          Description: 'Freight to broker warehouse',
          Amount: 84.5,
          AccountBasedExpenseLineDetail: { AccountRef: { value: '90', name: 'Freight and Shipping Costs' }, BillableStatus: 'NotBillable' },
        },
      ],
      PrivateNote: 'Vendor keeps the plates for a reprint',
    });
  }

  beforeAll(async () => {
    // No webhooks: an edit made in QuickBooks reaches PrintPool only by the sync a test runs, so a stale SyncToken stays stale.
    h = await startHarness({
      inventory: true,
      sandbox: { webhook: undefined, companies: [{ seed: 53, scale: 1, companyName: 'Receipt Write-back Print Co' }] },
    });
    realmId = h.sandbox.admin.companies()[0]!.realmId;
    await h.connect(tenant);
    runs = [...h.sandbox.store.realm(realmId)!.tables.PurchaseOrder.byId]
      .map((record) => record?.data as unknown as QboPurchaseOrder | undefined)
      .filter((po): po is QboPurchaseOrder => Boolean(po && po.DocNumber.endsWith('-BL') && po.POStatus === 'Open' && itemLines(po).length >= 2));
    expect(runs.length).toBeGreaterThanOrEqual(2);
    makeMessy(runs[0]!);
    await sync();
    await waitFor(async () => expect(await purchaseOrder(runs[1]!.Id)).toBeDefined(), { timeoutMs: 30_000 });
  }, 90_000);

  afterAll(async () => {
    await h.stop();
  });

  it("sets the received line's Qty and Amount on the QuickBooks PO, keeps every other line and field, and the run keeps what was ordered", async () => {
    const qbId = runs[0]!.Id;
    const po = await purchaseOrder(qbId);
    const before = inQuickbooks(qbId);
    const [firstLine, secondLine] = itemLines(before);
    const ordered = firstLine!.ItemBasedExpenseLineDetail!.Qty;
    const itemId = firstLine!.ItemBasedExpenseLineDetail!.ItemRef.value;
    // 4.25 % over, to a fraction of a unit.
    const received = ordered + 425.25;
    const recorded = await receive(po.id, [{ itemId, quantityReceived: received }]);
    const receipt = recorded.receipts[0]!;
    expect(receipt.writeBack).toEqual({ status: 'pending', reason: null, at: null });
    const pooled = (await purchaseOrder(qbId)).quantityRemaining;

    const answer = answered(await writeBack(po.id, receipt.id), 200);
    expect(answer.receipts[0]!.writeBack).toEqual({ status: 'written', reason: null, at: expect.any(String) });

    const after = inQuickbooks(qbId);
    expect(after.SyncToken).toBe(String(Number(before.SyncToken) + 1));
    const [changed, ...others] = after.Line;
    const [was, ...othersWere] = before.Line;
    expect(changed).toEqual({
      ...was,
      Amount: lineAmount(received, SUB_CENT),
      ItemBasedExpenseLineDetail: { ...was!.ItemBasedExpenseLineDetail!, Qty: received },
    });
    expect(changed!.ItemBasedExpenseLineDetail).toMatchObject({ UnitPrice: SUB_CENT, ClassRef: { value: '5', name: 'Wholesale' }, BillableStatus: 'Billable' });
    // Only the line the receipt named changed: the other item line and the freight line are as they were.
    expect(others).toEqual(othersWere);
    expect(others).toContainEqual(secondLine);
    expect(others).toContainEqual(expect.objectContaining({ DetailType: 'AccountBasedExpenseLineDetail', Amount: 84.5 }));
    const { Line: _after, SyncToken: _token, MetaData: _meta, TotalAmt: total, ...fields } = after;
    const { Line: _before, SyncToken: _was, MetaData: _wasMeta, TotalAmt: wasTotal, ...fieldsWere } = before;
    expect(fields).toEqual(fieldsWere);
    expect(fields.PrivateNote).toBe('Vendor keeps the plates for a reprint');
    expect(total).toBeCloseTo((wasTotal as number) + lineAmount(received, SUB_CENT) - was!.Amount, 2);
    const mirrored = await h.db.knex('qbo_documents').where({ tenant_id: tenant, entity: 'PurchaseOrder', qb_id: qbId }).first('sync_token');
    expect(mirrored.sync_token).toBe(after.SyncToken);

    // PrintPool: the PO shows QuickBooks' new quantity; the run is still measured against the order; the pool holds what it held.
    const run = await receipts(po.id);
    const item = run.lines.find((line) => line.itemId === itemId)!;
    expect(item).toMatchObject({ ordered, received, pooled: received, difference: received - ordered, withinTolerance: true });
    expect((await purchaseOrder(qbId)).items.find((line) => line.itemId === itemId)).toMatchObject({ qty: received, qtyReceived: received });
    expect((await purchaseOrder(qbId)).quantityRemaining).toBe(pooled);
    const [entry] = await history(po.id);
    expect(entry).toMatchObject({ action: 'Receipt written to QuickBooks', by: 'QuickBooks sync' });
    expect(entry!.changes).toContainEqual({ field: 'Receipt of 2026-11-20 in QuickBooks', before: 'To be written', after: 'Written' });

    // The next sync brings Qty = received: nothing moves, nothing is counted twice.
    const entries = (await history(po.id)).length;
    await sync();
    expect((await receipts(po.id)).lines).toEqual(run.lines);
    expect((await purchaseOrder(qbId)).quantityRemaining).toBe(pooled);
    expect(await history(po.id)).toHaveLength(entries);
    expect(await reconcile(h.inventory!.db.knex, { tenantId: tenant })).toEqual({ drift: [], fixed: false });

    // Asked again, QuickBooks already holds the received quantity: nothing is written.
    expect((await writeBack(po.id, receipt.id)).status).toBe(200);
    expect(inQuickbooks(qbId).SyncToken).toBe(after.SyncToken);
  });

  it('refuses a stale SyncToken: nothing is overwritten, the receipt stays with the reason, and after a sync it is written over the edit', async () => {
    const qbId = runs[1]!.Id;
    const po = await purchaseOrder(qbId);
    const line = itemLines(inQuickbooks(qbId))[0]!;
    const itemId = line.ItemBasedExpenseLineDetail!.ItemRef.value;
    const received = line.ItemBasedExpenseLineDetail!.Qty - 100;
    const receipt = (await receive(po.id, [{ itemId, quantityReceived: received }])).receipts[0]!;

    // Someone edits the PO in QuickBooks; PrintPool has not synced it.
    h.sandbox.admin.update(realmId, 'PurchaseOrder', qbId, { PrivateNote: 'Vendor asked to ship in two drops' });
    const edited = inQuickbooks(qbId);
    const refused = answered(await writeBack(po.id, receipt.id), 409);
    expect(refused).toMatchObject({ code: 'WRITE_BACK_CONFLICT' });
    expect(refused.message).toContain(
      `QuickBooks changed ${runs[1]!.DocNumber} since PrintPool last synced it (SyncToken ${edited.SyncToken}, PrintPool has ${runs[1]!.SyncToken})`,
    );
    expect(inQuickbooks(qbId)).toEqual(edited);
    const run = await receipts(po.id);
    expect(run.receipts).toEqual([
      expect.objectContaining({ id: receipt.id, writeBack: { status: 'failed', reason: refused.message, at: expect.any(String) } }),
    ]);
    expect(run.lines.find((candidate) => candidate.itemId === itemId)).toMatchObject({ received, pooled: received });
    expect((await history(po.id))[0]).toMatchObject({ action: 'Receipt not written to QuickBooks' });

    // The sync brings the edit; the broker updates QuickBooks again: the quantity goes on top of it.
    await sync();
    answered(await writeBack(po.id, receipt.id), 200);
    const after = inQuickbooks(qbId);
    expect(after.SyncToken).toBe(String(Number(edited.SyncToken) + 1));
    expect(after.PrivateNote).toBe('Vendor asked to ship in two drops');
    expect(itemLines(after)[0]!.ItemBasedExpenseLineDetail!.Qty).toBe(received);
    expect((await receipts(po.id)).receipts[0]!.writeBack).toMatchObject({ status: 'written', reason: null });
  });

  it('writes nothing for a receipt recorded without asking, or of another company', async () => {
    const qbId = runs[1]!.Id;
    const po = await purchaseOrder(qbId);
    const line = itemLines(inQuickbooks(qbId))[1]!;
    const receipt = (await receive(po.id, [{ itemId: line.ItemBasedExpenseLineDetail!.ItemRef.value, quantityReceived: 10 }], false)).receipts.at(-1)!;
    const before = inQuickbooks(qbId);
    expect((await writeBack(po.id, receipt.id)).status).toBe(422);
    expect((await writeBack(po.id, receipt.id, newTenant('receipt-other'))).status).toBe(404);
    expect(inQuickbooks(qbId)).toEqual(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { IF_MATCH_HEADER, type SalesOrder } from '@printpool/contracts';
import { waitFor } from '@printpool/service-kit/testing';
import { orderEdits } from './orderEdits.js';
import { answered, newTenant, startHarness, type Harness } from './support.js';

type QboLine = { DetailType: string; Amount?: number; SalesItemLineDetail?: { ItemRef: { value: string }; Qty: number; UnitPrice: number } };

describe('POST /api/sales-orders/:id/sync (estimate write-back)', () => {
  let h: Harness;
  let realmId: string;
  const tenant = newTenant('write-back');
  let editable: SalesOrder[];
  let messyQbId: string;
  let messy: SalesOrder;
  const PROOF_NOTE = 'PROOF MUST BE APPROVED BEFORE RUN';

  /**
   * One estimate as brokers' books hold them, set up in QuickBooks before the first sync: a
   * sub-cent unit price, half a carton more (a fractional quantity), a description-only line, a
   * tax code and a class on an item line.
   */
  function makeMessy(): string {
    const realm = h.sandbox.store.realm(realmId)!;
    const bulk = [...realm.tables.Estimate.byId]
      .map((record) => record?.data)
      .find((data) => data && String(data.DocNumber).endsWith('-BL') && data.TxnStatus === 'Pending')!;
    const lines = (bulk.Line as QboLine[]).filter((line) => line.DetailType === 'SalesItemLineDetail');
    const [first, ...rest] = lines;
    const qty = first!.SalesItemLineDetail!.Qty + 0.5;
    h.sandbox.admin.update(realmId, 'Estimate', String(bulk.Id), {
      Line: [
        {
          ...first,
          Amount: Math.round(qty * 0.0941 * 100) / 100,
          SalesItemLineDetail: {
            ...first!.SalesItemLineDetail!,
            Qty: qty,
            UnitPrice: 0.0941,
            TaxCodeRef: { value: 'TAX' },
            ClassRef: { value: '5', name: 'Wholesale' },
          },
        },
        { DetailType: 'DescriptionOnly', Description: PROOF_NOTE, DescriptionLineDetail: {} },
        ...rest,
      ],
      CustomerMemo: { value: 'Thank you for your business' },
    });
    return String(bulk.Id);
  }

  const { order, salesOrders, save, editFirstLine } = orderEdits(() => h, tenant);
  const sync = (id: number, tenantId = tenant) => h.route(tenantId, 'post /api/sales-orders/:id/sync', { params: { id } });
  /** A sync run as the Sync button starts it (from the cursor unless `mode` says full), answered when it ends. */
  const syncRun = async (mode?: 'full') => answered(await h.route(tenant, 'post /api/quickbooks/sync', { query: { mode, wait: 'true' } }), 200);
  const syncProblems = async () => answered(await h.route(tenant, 'get /api/quickbooks/sync/health', {}), 200).problems;
  const inQuickbooks = (qbId: string) => h.sandbox.store.realm(realmId)!.tables.Estimate.get(Number(qbId))!.data;
  const itemLines = (estimate: Record<string, unknown>) => (estimate.Line as QboLine[]).filter((l) => l.DetailType === 'SalesItemLineDetail');
  const mirroredToken = async (qbId: string) =>
    ((await h.db.knex('qbo_documents').where({ tenant_id: tenant, entity: 'Estimate', qb_id: qbId }).first('sync_token')) as { sync_token: string }).sync_token;

  /** Opens the order and saves it as the form sends it, changing nothing. */
  const saveUnchanged = async (so: SalesOrder) => save(await order(so.id), (await order(so.id)).items);

  beforeAll(async () => {
    h = await startHarness({ inventory: true, sandbox: { companies: [{ seed: 31, scale: 2, companyName: 'Write-back Print Co' }] } });
    realmId = h.sandbox.admin.companies()[0]!.realmId;
    await h.connect(tenant);
    messyQbId = makeMessy();
    expect((await syncRun('full')).status).toBe('completed');
    // The sync's estimate events reach svc-inventory's consumers, which make the sales orders.
    editable = await waitFor(
      async () => {
        const list = await salesOrders();
        const found = list.filter(
          (so) => so.qbId && so.qbId !== messyQbId && ['active', 'pending'].includes(so.status) && so.items.length > 0 && so.items[0]!.itemId,
        );
        expect(found.length).toBeGreaterThanOrEqual(4);
        expect(list.some((so) => so.qbId === messyQbId)).toBe(true);
        return found;
      },
      { timeoutMs: 45_000 },
    );
    // The orders as no import will still change them: an edit form opened before would be stale.
    await h.inventoryCaughtUp();
    messy = (await salesOrders()).find((so) => so.qbId === messyQbId)!;
  }, 90_000);

  afterAll(async () => {
    await h.stop();
  });

  it('writes nothing for an order saved unchanged: the estimate keeps its SyncToken, sub-cent prices and every line', async () => {
    const so = await saveUnchanged(messy);
    const before = JSON.stringify(inQuickbooks(so.qbId!));
    expect(answered(await sync(so.id), 200)).toEqual({ syncStatus: 'synced', syncError: null, qbId: so.qbId });
    expect(JSON.stringify(inQuickbooks(so.qbId!))).toBe(before);
    expect(await order(so.id)).toMatchObject({ syncStatus: 'synced', items: expect.arrayContaining([expect.objectContaining({ unitPrice: 0.0941 })]) });
    expect(so.items[0]!.quantity % 1).toBe(0.5);
  });

  it("changes exactly the edited line's Qty and Amount, and keeps the lines and fields PrintPool does not model", async () => {
    const so = await editFirstLine(await order(messy.id));
    const before = inQuickbooks(so.qbId!);
    expect((await sync(so.id)).status).toBe(200);
    const after = inQuickbooks(so.qbId!);
    expect(after.SyncToken).toBe(String(Number(before.SyncToken) + 1));
    const [editedBefore, ...othersBefore] = before.Line as Record<string, unknown>[];
    const [editedAfter, ...othersAfter] = after.Line as Record<string, unknown>[];
    expect(othersAfter).toEqual(othersBefore.map((line) => (line.DetailType === 'SubTotalLineDetail' ? { ...line, Amount: expect.any(Number) } : line)));
    const qty = so.items[0]!.quantity;
    expect(editedAfter).toEqual({
      ...editedBefore,
      Amount: Math.round(qty * 0.0941 * 100) / 100,
      SalesItemLineDetail: { ...(editedBefore!.SalesItemLineDetail as object), Qty: qty },
    });
    expect((after.Line as QboLine[]).find((line) => line.DetailType === 'DescriptionOnly')).toMatchObject({ Description: PROOF_NOTE });
    expect((editedAfter!.SalesItemLineDetail as Record<string, unknown>).TaxCodeRef).toEqual({ value: 'TAX' });
    expect(after.CustomerRef).toEqual(before.CustomerRef);
    expect(await mirroredToken(so.qbId!)).toBe(after.SyncToken);
    expect((await order(so.id)).syncStatus).toBe('synced');
  });

  it('merges an edit made in QuickBooks since the last sync when it touched other fields', async () => {
    const so = await editFirstLine(await order(editable[1]!.id));
    const lines = inQuickbooks(so.qbId!).Line as QboLine[];
    const second = itemLines({ Line: lines })[1];
    const repriced = lines.map((line) =>
      line === second
        ? {
            ...line,
            Amount: Math.round(line.SalesItemLineDetail!.Qty * 1.1595 * 100) / 100,
            SalesItemLineDetail: { ...line.SalesItemLineDetail!, UnitPrice: 1.1595 },
          }
        : line,
    );
    h.sandbox.admin.update(realmId, 'Estimate', so.qbId!, { PrivateNote: 'Changed by the customer in QuickBooks', ...(second ? { Line: repriced } : {}) });
    const changed = inQuickbooks(so.qbId!);

    expect(answered(await sync(so.id), 200).syncStatus).toBe('synced');
    const after = inQuickbooks(so.qbId!);
    expect(after.SyncToken).toBe(String(Number(changed.SyncToken) + 1));
    expect(after.PrivateNote).toBe('Changed by the customer in QuickBooks');
    expect(itemLines(after)[0]!.SalesItemLineDetail!.Qty).toBe(so.items[0]!.quantity);
    if (second) expect(itemLines(after)[1]!.SalesItemLineDetail!.UnitPrice).toBe(1.1595);
    // The order takes what QuickBooks now holds, the merged QuickBooks edit included.
    if (second) expect((await order(so.id)).items[1]!.unitPrice).toBe(1.1595);
  });

  it('writes nothing and shows both values when QuickBooks changed the same field', async () => {
    const so = await editFirstLine(await order(editable[3]!.id));
    const lines = inQuickbooks(so.qbId!).Line as QboLine[];
    const first = itemLines({ Line: lines })[0]!;
    const theirs = first.SalesItemLineDetail!.Qty + 7;
    h.sandbox.admin.update(realmId, 'Estimate', so.qbId!, {
      Line: lines.map((line) =>
        line === first
          ? {
              ...line,
              Amount: Math.round(theirs * line.SalesItemLineDetail!.UnitPrice * 100) / 100,
              SalesItemLineDetail: { ...line.SalesItemLineDetail!, Qty: theirs },
            }
          : line,
      ),
    });
    const before = JSON.stringify(inQuickbooks(so.qbId!));
    const refused = answered(await sync(so.id), 409);
    expect(refused.message).toContain(`quantity: PrintPool ${so.items[0]!.quantity}, QuickBooks ${theirs}`);
    expect(refused).toMatchObject({
      code: 'WRITE_BACK_CONFLICT',
      details: { conflicts: [expect.objectContaining({ printPool: so.items[0]!.quantity, quickBooks: theirs })] },
    });
    expect(JSON.stringify(inQuickbooks(so.qbId!))).toBe(before);
    expect(await order(so.id)).toMatchObject({ syncStatus: 'error', syncError: refused.message });
  });

  it('records the reason when QuickBooks refuses the estimate', async () => {
    const so = await editFirstLine({ ...(await order(editable[2]!.id)), status: 'pending', bulkPoId: null }, { itemId: '999999' });
    const before = inQuickbooks(so.qbId!);
    const refused = answered(await sync(so.id), 502);
    expect(refused.message).toBe('QuickBooks 400: Invalid Reference Id : Item 999999 was not found or has been deleted (code 2500)');
    expect(refused.details).toEqual({ syncStatus: 'error', syncError: refused.message, qbId: so.qbId });
    expect(await order(so.id)).toMatchObject({ syncStatus: 'error', syncError: refused.message });
    expect(inQuickbooks(so.qbId!).SyncToken).toBe(before.SyncToken);
    // Listed among the Sync problems with QuickBooks' reason, until a write of the order goes through.
    expect(await syncProblems()).toContainEqual({
      kind: 'write-back',
      salesOrderId: so.id,
      soNumber: so.soNumber,
      reason: refused.message,
      failedAt: expect.any(String),
    });
    const fixed = await editFirstLine(await order(so.id), { itemId: itemLines(before)[0]!.SalesItemLineDetail!.ItemRef.value });
    expect((await sync(fixed.id)).status).toBe(200);
    expect((await syncProblems()).filter((problem) => problem.kind === 'write-back' && problem.salesOrderId === so.id)).toEqual([]);
  });

  it('creates the estimate of a manual order for the QuickBooks customer of that name', async () => {
    const customer = h.sandbox.store.realm(realmId)!.tables.Customer.byId[3]!.data;
    const item = h.sandbox.store.realm(realmId)!.tables.Item.byId[0]!.data;
    const id = await manualOrder(`SO-M-${Date.now()}`, ` ${String(customer.DisplayName).toUpperCase()} `, String(item.Id));

    const written = answered(await sync(id), 200);
    expect(written.syncStatus).toBe('synced');
    const created = inQuickbooks(written.qbId!);
    expect(created.CustomerRef).toMatchObject({ value: customer.Id });
    expect(created.DocNumber).toBe((await order(id)).soNumber);
    expect(itemLines(created).map((l) => l.SalesItemLineDetail)).toEqual([{ ItemRef: expect.objectContaining({ value: item.Id }), Qty: 4, UnitPrice: 2.5 }]);
    expect(await mirroredToken(written.qbId!)).toBe(created.SyncToken);
    expect((await order(id)).qbId).toBe(written.qbId);
  });

  it('answers 422 for a manual order whose customer QuickBooks does not know', async () => {
    const item = h.sandbox.store.realm(realmId)!.tables.Item.byId[0]!.data;
    const estimates = h.sandbox.store.realm(realmId)!.tables.Estimate.size;
    const id = await manualOrder(`SO-M-${Date.now()}`, 'Nobody Anyone Knows LLC', String(item.Id));
    const refused = answered(await sync(id), 422);
    expect(refused.message).toBe('No QuickBooks customer is named "Nobody Anyone Knows LLC"; add the customer in QuickBooks and sync customers first');
    expect(await order(id)).toMatchObject({ syncStatus: 'error', syncError: refused.message, qbId: null });
    expect(h.sandbox.store.realm(realmId)!.tables.Estimate.size).toBe(estimates);
  });

  it('writes nothing for an order whose estimate was deleted in QuickBooks: neither Sync nor Mark Rejected re-creates or touches it', async () => {
    const used = new Set([messy.id, ...editable.slice(0, 4).map((so) => so.id)]);
    const list = await salesOrders();
    const candidate = list.find((so) => so.qbId && !used.has(so.id) && ['active', 'pending'].includes(so.status) && so.items[0]?.itemId)!;
    // An edit QuickBooks does not have yet: the order is kept when its estimate goes (docs/quickbooks.md).
    const so = await editFirstLine(await order(candidate.id));
    h.sandbox.admin.delete(realmId, 'Estimate', so.qbId!);
    expect((await syncRun()).status).toBe('completed');
    await waitFor(async () => expect((await order(so.id)).deletedInQuickbooksAt).toEqual(expect.any(String)));
    const estimates = JSON.stringify([...h.sandbox.store.realm(realmId)!.tables.Estimate.byId].map((record) => record?.data ?? null));
    for (const action of ['post /api/sales-orders/:id/sync', 'post /api/sales-orders/:id/reject-estimate'] as const) {
      const answer = await h.route(tenant, action, { params: { id: so.id } });
      expect({ action, answer }).toMatchObject({ action, answer: { status: 409, body: { code: 'DELETED_IN_QUICKBOOKS' } } });
    }
    expect(JSON.stringify([...h.sandbox.store.realm(realmId)!.tables.Estimate.byId].map((record) => record?.data ?? null))).toBe(estimates);
    expect(await order(so.id)).toMatchObject({ qbId: so.qbId, syncStatus: 'pending' });
  });

  it("answers 404 for another tenant's order and leaves it alone", async () => {
    const other = newTenant('write-back-other');
    await h.connect(other, realmId);
    const so = editable[0]!;
    const before = await order(so.id);
    const token = inQuickbooks(so.qbId!).SyncToken;
    expect(answered(await sync(so.id, other), 404).message).toBe('Sales order not found');
    expect(await order(so.id)).toEqual(before);
    expect(inQuickbooks(so.qbId!).SyncToken).toBe(token);
    expect((await sync(999_999_999)).status).toBe(404);
  });

  it('marks the estimate Rejected in QuickBooks, changing TxnStatus alone, and the order becomes cancelled, releasing its hold', async () => {
    const so = await order(editable[3]!.id);
    const before = inQuickbooks(so.qbId!);
    expect(before.TxnStatus).not.toBe('Rejected');
    const reject = (id: number, tenantId = tenant) => h.route(tenantId, 'post /api/sales-orders/:id/reject-estimate', { params: { id } });
    expect(answered(await reject(so.id), 200)).toEqual({ syncStatus: 'synced', syncError: null, qbId: so.qbId });
    const after = inQuickbooks(so.qbId!);
    expect(after).toEqual({ ...before, TxnStatus: 'Rejected', SyncToken: String(Number(before.SyncToken) + 1), MetaData: expect.anything() });
    expect(await mirroredToken(so.qbId!)).toBe(after.SyncToken);
    // The order takes the estimate as QuickBooks answered it, as any write-back does.
    const cancelled = await order(so.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', syncStatus: 'synced', qbId: so.qbId });
    expect(cancelled.items.filter((l) => l.itemId).map((l) => l.quantity)).toEqual(itemLines(after).map((l) => l.SalesItemLineDetail!.Qty));
    // Once rejected, asking again writes nothing.
    expect((await reject(so.id)).status).toBe(200);
    expect(inQuickbooks(so.qbId!).SyncToken).toBe(after.SyncToken);

    const closed = editable[1]!;
    h.sandbox.admin.update(realmId, 'Estimate', closed.qbId!, { TxnStatus: 'Closed' });
    const token = inQuickbooks(closed.qbId!).SyncToken;
    const refused = answered(await reject(closed.id), 409);
    expect(refused.message).toBe('The estimate is closed (invoiced) in QuickBooks, so it cannot be marked Rejected there');
    expect(inQuickbooks(closed.qbId!).SyncToken).toBe(token);

    const item = h.sandbox.store.realm(realmId)!.tables.Item.byId[0]!.data;
    const manual = await manualOrder(`SO-M-${Date.now()}`, 'Walk-in Customer', String(item.Id));
    const notSynced = answered(await reject(manual), 422);
    expect(notSynced.message).toBe('Only an order synced with QuickBooks has an estimate to mark Rejected');
    expect((await reject(so.id, newTenant('reject-other'))).status).toBe(404);
  });

  it('creates the estimate of a manual order accepted in PrintPool as Accepted; a later edit keeps it Accepted and every field it does not model', async () => {
    const customer = h.sandbox.store.realm(realmId)!.tables.Customer.byId[3]!.data;
    const bulkPos = answered(await h.inventory!.route(tenant, 'get /api/purchase-orders', { query: { poType: 'BULK', limit: 1000 } }), 200);
    const stock = bulkPos
      .filter((po) => po.status === 'open')
      .flatMap((po) => po.items)
      .find((line) => line.kind === 'item' && line.itemId && line.qtyRemaining >= 2)!;
    const created = answered(
      await h.inventory!.route(tenant, 'post /api/sales-orders', {
        body: {
          soNumber: `SO-A-${Date.now().toString(36)}-BL`,
          customerName: String(customer.DisplayName),
          status: 'pending',
          bulkPoId: null,
          items: [{ itemId: stock.itemId, itemName: 'Item', quantity: 2, unitPrice: 2.5 }],
        },
      }),
      201,
    );
    const accepted = answered(
      await h.inventory!.route(tenant, 'post /api/sales-orders/:id/accept', { params: { id: created.id }, headers: { [IF_MATCH_HEADER]: created.version } }),
      200,
    );
    expect(accepted).toMatchObject({ status: 'processing', qbId: null, syncStatus: 'pending' });

    const qbId = answered(await sync(created.id), 200).qbId!;
    const estimate = inQuickbooks(qbId);
    expect(estimate).toMatchObject({ DocNumber: created.soNumber, TxnStatus: 'Accepted', CustomerRef: expect.objectContaining({ value: customer.Id }) });
    // The order takes the estimate back and stays accepted, on the bulk PO it holds.
    expect(await order(created.id)).toMatchObject({ status: 'processing', qbId, syncStatus: 'synced', bulkPoId: accepted.bulkPoId });

    // A memo added in QuickBooks since, then the broker's new price: only the price is written.
    h.sandbox.admin.update(realmId, 'Estimate', qbId, { CustomerMemo: { value: 'Net 30, thank you' } });
    expect((await syncRun()).status).toBe('completed');
    await h.inventoryCaughtUp();
    const edited = await editFirstLine(await order(created.id), { unitPrice: 2.75 });
    expect((await sync(edited.id)).status).toBe(200);
    const after = inQuickbooks(qbId);
    expect(after).toMatchObject({ TxnStatus: 'Accepted', CustomerMemo: { value: 'Net 30, thank you' } });
    expect(itemLines(after).map((l) => l.SalesItemLineDetail!.UnitPrice)).toEqual([2.75]);
    expect((await order(created.id)).status).toBe('processing');
  });

  /** An order entered in PrintPool, never in QuickBooks (svc-inventory has no create route yet). */
  async function manualOrder(soNumber: string, customerName: string, itemQbId: string): Promise<number> {
    const knex = h.inventory!.db.knex;
    const [row] = await knex('sales_orders')
      .insert({
        tenant_id: tenant,
        so_number: soNumber,
        customer_name: customerName,
        customer_email: 'buyer@example.test',
        status: 'pending',
        sync_status: 'pending',
        total_quantity: 4,
        total_amount: 10,
      })
      .returning('id');
    const id = Number((row as { id: number | string }).id);
    await knex('sales_order_lines').insert({
      tenant_id: tenant,
      sales_order_id: id,
      line_no: 1,
      item_qb_id: itemQbId,
      item_name: 'Item',
      quantity: 4,
      unit_price: 2.5,
      total_price: 10,
    });
    return id;
  }
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { IF_MATCH_HEADER, type InventoryAlert } from '@printpool/contracts';
import { answered, newTenant, startHarness, type Harness } from './support.js';

type Ref = { value: string; name?: string };
type QboLine = Record<string, unknown> & { DetailType: string; Amount: number; SalesItemLineDetail?: { ItemRef: Ref; Qty: number; UnitPrice: number } };
type QboEstimate = Record<string, unknown> & { Id: string; DocNumber?: string; CustomerRef: Ref; TxnStatus: string; Line: QboLine[] };

// 'Create reorder estimate' on a reorder alert (docs/product.md §12): an estimate in the sandbox's
// QuickBooks company for the customer's item, at the last bulk run's quantity and the last price.
describe('POST /api/customers/:id/inventory/:itemId/reorder-estimate (reorder estimate)', () => {
  let h: Harness;
  let realmId: string;
  const tenant = newTenant('reorder-estimate');
  const RUN_QUANTITY = 7_250;
  const LAST_PRICE = 0.1375;
  let customer: { qbId: string; name: string; id: number };
  let items: [Ref, Ref];

  const estimates = () => h.sandbox.store.realm(realmId)!.tables.Estimate.byId.map((record) => structuredClone(record.data) as unknown as QboEstimate);
  const reorder = (itemId: string, as = tenant) =>
    h.route(as, 'post /api/customers/:id/inventory/:itemId/reorder-estimate', { params: { id: customer.id, itemId } });
  const alertOf = async (itemId: string) =>
    answered(await h.inventory!.route(tenant, 'get /api/inventory/alerts', {}), 200).alerts.find(
      (alert): alert is Extract<InventoryAlert, { kind: 'reorder' }> => alert.key === `reorder.${customer.id}.${itemId}`,
    );
  const sync = async () => {
    expect(answered(await h.route(tenant, 'post /api/quickbooks/sync', { query: { mode: 'full', wait: 'true' } }), 200).status).toBe('completed');
    await h.inventoryCaughtUp();
  };

  beforeAll(async () => {
    h = await startHarness({ inventory: true, sandbox: { webhook: undefined, companies: [{ seed: 61, scale: 1, companyName: 'Reorder Print Co' }] } });
    realmId = h.sandbox.admin.companies()[0]!.realmId;
    await h.connect(tenant);
    const tables = h.sandbox.store.realm(realmId)!.tables;
    const bulkRun = tables.PurchaseOrder.byId.find(({ data }) => String(data.DocNumber).endsWith('-BL'))!.data;
    const itemLines = (bulkRun.Line as Array<{ DetailType: string; ItemBasedExpenseLineDetail?: { ItemRef: Ref } }>).filter(
      (line) => line.DetailType === 'ItemBasedExpenseLineDetail',
    );
    const [first, second] = [
      ...new Map(itemLines.map((line) => [line.ItemBasedExpenseLineDetail!.ItemRef.value, line.ItemBasedExpenseLineDetail!.ItemRef])).values(),
    ];
    items = [first!, second!];
    const buyer = tables.Customer.byId.find(({ data }) => data.Active !== false && data.Job !== true)!.data;
    const today = new Date().toISOString().slice(0, 10);
    // The customer's latest bulk run of two items, bought for them (each line's CustomerRef), and their latest order of the first.
    h.sandbox.admin.create(realmId, 'PurchaseOrder', {
      DocNumber: '9701-BL',
      TxnDate: today,
      VendorRef: bulkRun.VendorRef,
      APAccountRef: bulkRun.APAccountRef,
      Line: items.map((item) => ({
        DetailType: 'ItemBasedExpenseLineDetail',
        Amount: RUN_QUANTITY * 0.05,
        ItemBasedExpenseLineDetail: { ItemRef: item, Qty: RUN_QUANTITY, UnitPrice: 0.05, CustomerRef: { value: buyer.Id } },
      })),
    });
    h.sandbox.admin.create(realmId, 'Estimate', {
      DocNumber: '9702-BL',
      TxnDate: today,
      CustomerRef: { value: buyer.Id },
      Line: [{ DetailType: 'SalesItemLineDetail', Amount: 137.5, SalesItemLineDetail: { ItemRef: items[0], Qty: 1_000, UnitPrice: LAST_PRICE } }],
    });
    await sync();
    const name = String(buyer.DisplayName);
    const listed = answered(await h.inventory!.route(tenant, 'get /api/customers', { query: { search: name } }), 200).find((row) => row.name === name)!;
    customer = { qbId: String(buyer.Id), name, id: listed.id };
    // The broker's point, high enough that both items are at it: their alerts stand.
    for (const item of items) {
      const stock = answered(await h.inventory!.route(tenant, 'get /api/customers/:id/inventory', { params: { id: customer.id } }), 200);
      const held = stock.items.find((candidate) => candidate.itemId === item.value)!;
      answered(
        await h.inventory!.route(tenant, 'put /api/customers/:id/inventory/:itemId/reorder-point', {
          params: { id: customer.id, itemId: item.value },
          body: { units: 10_000_000 },
          headers: { [IF_MATCH_HEADER]: `"${held.reorderPoint.version}"` },
        }),
        200,
      );
    }
  }, 120_000);

  afterAll(async () => {
    await h.stop();
  });

  it('creates the estimate in QuickBooks for the customer and item at the last run and price, links it to the alert, and a second click writes nothing', async () => {
    const itemId = items[0].value;
    expect((await alertOf(itemId))!.estimate).toBeNull();
    const before = estimates().length;

    const created = answered(await reorder(itemId), 200);
    expect(created).toEqual({
      qbId: expect.any(String),
      docNumber: expect.any(String),
      createdAt: expect.any(String),
      quantity: RUN_QUANTITY,
      unitPrice: LAST_PRICE,
    });

    const all = estimates();
    expect(all).toHaveLength(before + 1);
    const estimate = all.find((candidate) => candidate.Id === created.qbId)!;
    expect(estimate).toMatchObject({ DocNumber: created.docNumber, CustomerRef: { value: customer.qbId }, TxnStatus: 'Pending' });
    const lines = estimate.Line.filter((line) => line.DetailType === 'SalesItemLineDetail');
    expect(lines).toEqual([
      expect.objectContaining({
        Amount: Math.round(RUN_QUANTITY * LAST_PRICE * 100) / 100,
        SalesItemLineDetail: expect.objectContaining({ ItemRef: expect.objectContaining({ value: itemId }), Qty: RUN_QUANTITY, UnitPrice: LAST_PRICE }),
      }),
    ]);
    const mirrored = await h.db.knex('qbo_documents').where({ tenant_id: tenant, entity: 'Estimate', qb_id: created.qbId }).first('doc_number');
    expect(mirrored.doc_number).toBe(created.docNumber);

    // The dashboard's alert carries it.
    expect((await alertOf(itemId))!.estimate).toEqual(created);

    // A double click: the same estimate, and QuickBooks holds one.
    expect(answered(await reorder(itemId), 200)).toEqual(created);
    expect(estimates()).toHaveLength(before + 1);

    // It syncs in as any estimate; the alert keeps it.
    await sync();
    expect((await alertOf(itemId))!.estimate).toEqual(created);
  });

  it('lets a viewer create nothing, and writes nothing when the company is not connected, so the broker may ask again', async () => {
    const itemId = items[1].value;
    const before = estimates().length;
    const path = `/api/customers/${customer.id}/inventory/${itemId}/reorder-estimate`;
    expect((await h.callOffContract(tenant, 'POST', path, undefined, 'viewer')).status).toBe(403);

    answered(await h.route(tenant, 'post /api/quickbooks/disconnect', {}), 200);
    const refused = answered(await reorder(itemId), 409);
    expect(refused).toMatchObject({ message: 'Not connected to QuickBooks', code: 'CONFLICT' });
    expect(estimates()).toHaveLength(before);
    expect((await alertOf(itemId))!.estimate).toBeNull();

    await h.connect(tenant);
    const created = answered(await reorder(itemId), 200);
    expect(estimates().find((candidate) => candidate.Id === created.qbId)).toMatchObject({ CustomerRef: { value: customer.qbId } });
    expect((await alertOf(itemId))!.estimate).toEqual(created);
  });
});

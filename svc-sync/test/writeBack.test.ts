import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@printpool/service-kit/testing';
import { newTenant, startHarness, type Harness } from './support.js';

interface OrderLine {
  itemId: string | null;
  itemName: string | null;
  quantity: number;
  unitPrice: number;
  description: string | null;
}

interface SalesOrder {
  id: number;
  soNumber: string;
  customerName: string;
  customerEmail: string | null;
  status: string;
  bulkPoId: number | null;
  qbId: string | null;
  syncStatus: string | null;
  syncError: string | null;
  items: OrderLine[];
}

type QboLine = { DetailType: string; SalesItemLineDetail?: { ItemRef: { value: string }; Qty: number; UnitPrice: number } };

describe('POST /api/sales-orders/:id/sync (estimate write-back)', () => {
  let h: Harness;
  let realmId: string;
  const tenant = newTenant('write-back');
  let editable: SalesOrder[];

  const inventory = (tenantId: string, method: string, path: string, body?: unknown) => h.inventory!.call(tenantId, method, path, body);
  const order = async (id: number): Promise<SalesOrder> => (await inventory(tenant, 'GET', `/api/sales-orders/${id}`)).body;
  const sync = (id: number, tenantId = tenant) => h.call(tenantId, 'POST', `/api/sales-orders/${id}/sync`);
  const inQuickbooks = (qbId: string) => h.sandbox.store.realm(realmId)!.tables.Estimate.get(Number(qbId))!.data;
  const itemLines = (estimate: Record<string, unknown>) => (estimate.Line as QboLine[]).filter((l) => l.DetailType === 'SalesItemLineDetail');
  const mirroredToken = async (qbId: string) =>
    ((await h.db.knex('qbo_documents').where({ tenant_id: tenant, entity: 'Estimate', qb_id: qbId }).first('sync_token')) as { sync_token: string }).sync_token;

  /** Edits an order as the Sales Orders form does, one unit less on its first line; it is then 'pending' sync. */
  async function editFirstLine(so: SalesOrder, change: Partial<OrderLine> = {}): Promise<SalesOrder> {
    const items = so.items.map((line, i) => (i === 0 ? { ...line, quantity: Math.max(1, line.quantity - 1), ...change } : line));
    const edited = await inventory(tenant, 'PUT', `/api/sales-orders/${so.id}`, {
      id: so.id,
      customerName: so.customerName,
      customerEmail: so.customerEmail ?? '',
      status: so.status,
      bulkPoId: so.bulkPoId,
      totalQuantity: items.reduce((sum, line) => sum + line.quantity, 0),
      totalAmount: items.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0).toFixed(2),
      items: JSON.stringify(items),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.syncStatus).toBe('pending');
    return edited.body;
  }

  beforeAll(async () => {
    h = await startHarness({ inventory: true, sandbox: { companies: [{ seed: 31, scale: 2, companyName: 'Write-back Print Co' }] } });
    realmId = h.sandbox.admin.companies()[0]!.realmId;
    await h.connect(tenant);
    expect((await h.call(tenant, 'POST', '/api/quickbooks/sync?mode=full&wait=true')).body.status).toBe('completed');
    // The sync's estimate events reach svc-inventory's consumers, which make the sales orders.
    editable = await waitFor(async () => {
      const list: SalesOrder[] = (await inventory(tenant, 'GET', '/api/sales-orders?limit=1000')).body;
      const found = list.filter((so) => so.qbId && ['active', 'pending'].includes(so.status) && so.items.length > 0 && so.items[0]!.itemId);
      expect(found.length).toBeGreaterThanOrEqual(3);
      return found;
    }, { timeoutMs: 45_000 });
  }, 90_000);

  afterAll(async () => {
    await h.stop();
  });

  it('updates the estimate sparsely with the mirrored SyncToken and records the new one', async () => {
    const so = await editFirstLine(editable[0]!);
    const before = inQuickbooks(so.qbId!);
    const answer = await sync(so.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ syncStatus: 'synced', syncError: null, qbId: so.qbId });
    const after = inQuickbooks(so.qbId!);
    expect(after.SyncToken).toBe(String(Number(before.SyncToken) + 1));
    expect(itemLines(after).map((l) => l.SalesItemLineDetail)).toEqual(
      so.items.filter((l) => l.itemId).map((l) => ({ ItemRef: expect.objectContaining({ value: l.itemId }), Qty: l.quantity, UnitPrice: l.unitPrice })),
    );
    expect(after.CustomerRef).toEqual(before.CustomerRef);
    expect(await mirroredToken(so.qbId!)).toBe(after.SyncToken);
    expect((await order(so.id)).syncStatus).toBe('synced');
  });

  it('re-reads an estimate changed in QuickBooks since the last sync and retries once on its token', async () => {
    const so = await editFirstLine(editable[1]!);
    h.sandbox.admin.update(realmId, 'Estimate', so.qbId!, { PrivateNote: 'Changed by the customer in QuickBooks' });
    const changed = inQuickbooks(so.qbId!);
    expect(await mirroredToken(so.qbId!)).not.toBe(changed.SyncToken);

    const answer = await sync(so.id);
    expect(answer.status).toBe(200);
    expect(answer.body.syncStatus).toBe('synced');
    const after = inQuickbooks(so.qbId!);
    expect(after.SyncToken).toBe(String(Number(changed.SyncToken) + 1));
    expect(after.PrivateNote).toBe('Changed by the customer in QuickBooks');
    expect(itemLines(after)[0]!.SalesItemLineDetail!.Qty).toBe(so.items[0]!.quantity);
  });

  it('records the reason when QuickBooks refuses the estimate', async () => {
    const so = await editFirstLine({ ...editable[2]!, status: 'pending', bulkPoId: null }, { itemId: '999999' });
    const before = inQuickbooks(so.qbId!);
    const answer = await sync(so.id);
    expect(answer.status).toBe(502);
    expect(answer.body.message).toBe('QuickBooks 400: Invalid Reference Id : Item 999999 was not found or has been deleted (code 2500)');
    expect(answer.body.details).toEqual({ syncStatus: 'error', syncError: answer.body.message, qbId: so.qbId });
    expect(await order(so.id)).toMatchObject({ syncStatus: 'error', syncError: answer.body.message });
    expect(inQuickbooks(so.qbId!).SyncToken).toBe(before.SyncToken);
  });

  it('creates the estimate of a manual order for the QuickBooks customer of that name', async () => {
    const customer = h.sandbox.store.realm(realmId)!.tables.Customer.byId[3]!.data;
    const item = h.sandbox.store.realm(realmId)!.tables.Item.byId[0]!.data;
    const id = await manualOrder(`SO-M-${Date.now()}`, ` ${String(customer.DisplayName).toUpperCase()} `, String(item.Id));

    const answer = await sync(id);
    expect(answer.status).toBe(200);
    expect(answer.body.syncStatus).toBe('synced');
    const created = inQuickbooks(answer.body.qbId);
    expect(created.CustomerRef).toMatchObject({ value: customer.Id });
    expect(created.DocNumber).toBe((await order(id)).soNumber);
    expect(itemLines(created).map((l) => l.SalesItemLineDetail)).toEqual([{ ItemRef: expect.objectContaining({ value: item.Id }), Qty: 4, UnitPrice: 2.5 }]);
    expect(await mirroredToken(answer.body.qbId)).toBe(created.SyncToken);
    expect((await order(id)).qbId).toBe(answer.body.qbId);
  });

  it('answers 422 for a manual order whose customer QuickBooks does not know', async () => {
    const item = h.sandbox.store.realm(realmId)!.tables.Item.byId[0]!.data;
    const estimates = h.sandbox.store.realm(realmId)!.tables.Estimate.size;
    const id = await manualOrder(`SO-M-${Date.now()}`, 'Nobody Anyone Knows LLC', String(item.Id));
    const answer = await sync(id);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('No QuickBooks customer is named "Nobody Anyone Knows LLC"; add the customer in QuickBooks and sync customers first');
    expect(await order(id)).toMatchObject({ syncStatus: 'error', syncError: answer.body.message, qbId: null });
    expect(h.sandbox.store.realm(realmId)!.tables.Estimate.size).toBe(estimates);
  });

  it("answers 404 for another tenant's order and leaves it alone", async () => {
    const other = newTenant('write-back-other');
    await h.connect(other, realmId);
    const so = editable[0]!;
    const before = await order(so.id);
    const token = inQuickbooks(so.qbId!).SyncToken;
    const answer = await sync(so.id, other);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Sales order not found');
    expect(await order(so.id)).toEqual(before);
    expect(inQuickbooks(so.qbId!).SyncToken).toBe(token);
    expect((await sync(999_999_999)).status).toBe(404);
  });

  /** An order entered in PrintPool, never in QuickBooks (svc-inventory has no create route yet). */
  async function manualOrder(soNumber: string, customerName: string, itemQbId: string): Promise<number> {
    const knex = h.inventory!.db.knex;
    const [row] = await knex('sales_orders')
      .insert({ tenant_id: tenant, so_number: soNumber, customer_name: customerName, customer_email: 'buyer@example.test', status: 'pending', sync_status: 'pending', total_quantity: 4, total_amount: 10 })
      .returning('id');
    const id = Number((row as { id: number | string }).id);
    await knex('sales_order_lines').insert({ tenant_id: tenant, sales_order_id: id, line_no: 1, item_qb_id: itemQbId, item_name: 'Item', quantity: 4, unit_price: 2.5, total_price: 10 });
    return id;
  }
});

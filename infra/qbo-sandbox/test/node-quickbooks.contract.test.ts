import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import OAuthClient from 'intuit-oauth';
import * as nodeQuickBooks from 'node-quickbooks';
import {
  CLIENT,
  consentForm,
  startSandbox,
  type CdcResponse,
  type Customer,
  type Deleted,
  type Estimate,
  type IntuitFault,
  type Item,
  type PurchaseOrder,
  type QueryResponse,
  type Running,
  type Vendor,
} from './support.js';

/*
 * node-quickbooks, unchanged, against the sandbox on 127.0.0.1: its only knobs are the
 * static endpoint URLs, set here as a client would set them for Intuit's sandbox. The
 * tokens come from intuit-oauth's own consent → callback → createToken flow.
 */

// The package sets `module.exports` to its class, while its .d.ts declares an ES default
// export: at run time the class is the import's `default`, typed as the named class.
const QuickBooks = nodeQuickBooks.default as unknown as typeof nodeQuickBooks.QuickBooks;

let running: Running;
let qbo: nodeQuickBooks.QuickBooks;
let realmId: string;

type Done = (err: unknown, data?: unknown) => void;

/** node-quickbooks reports through callbacks; a refused call rejects with axios's error. */
function call<T>(invoke: (done: Done) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => invoke((err, data) => (err ? reject(err) : resolve(data as T))));
}

/** The Intuit Fault a refused call carried, as node-quickbooks hands it over. */
async function fault(promise: Promise<unknown>): Promise<{ status: number; error: IntuitFault['Fault']['Error'][number] }> {
  const error = (await promise.then(
    () => {
      throw new Error('the call succeeded');
    },
    (err: unknown) => err,
  )) as { response?: { status: number; data: IntuitFault } };
  return { status: error.response!.status, error: error.response!.data.Fault.Error[0]! };
}

type Page<K extends string, T> = { QueryResponse: QueryResponse & { [P in K]?: T[] } };

beforeAll(async () => {
  running = await startSandbox();
  const { sandbox } = running;
  const oauth = new OAuthClient({ clientId: CLIENT.clientId, clientSecret: CLIENT.clientSecret, environment: 'sandbox', redirectUri: CLIENT.redirectUris[0]! });
  oauth.setAuthorizeURLs(sandbox.urls);
  const consent = await fetch(oauth.authorizeUri({ scope: [OAuthClient.scopes.Accounting], state: 'nq' }));
  const { action, fields, realms } = consentForm(await consent.text());
  realmId = realms[0]!;
  const approved = await fetch(action, { method: 'POST', body: new URLSearchParams({ ...fields, realmId, decision: 'approve' }), redirect: 'manual' });
  const token = (await oauth.createToken(approved.headers.get('location')!)).getJson();

  QuickBooks.V3_ENDPOINT_BASE_URL = `${sandbox.urls.apiBase}/`;
  QuickBooks.TOKEN_URL = sandbox.urls.tokenEndpoint;
  QuickBooks.REVOKE_URL = sandbox.urls.revokeEndpoint;
  qbo = new QuickBooks(CLIENT.clientId, CLIENT.clientSecret, token.access_token, false, realmId, true, false, '75', '2.0', token.refresh_token);
});
afterAll(() => running.stop());

describe('node-quickbooks against the sandbox', () => {
  it('creates, reads, updates and finds customers, and sees their Faults', async () => {
    const created = await call<Customer>((done) =>
      qbo.createCustomer({ DisplayName: 'NQ Print Buyers', PrimaryEmailAddr: { Address: 'nq@example.com' } }, done),
    );
    expect(created).toEqual(expect.objectContaining({ DisplayName: 'NQ Print Buyers', SyncToken: '0' }));
    const read = await call<Customer>((done) => qbo.getCustomer(created.Id, done));
    expect(read.PrimaryEmailAddr!.Address).toBe('nq@example.com');
    // node-quickbooks sends `sparse: true` unless told otherwise.
    const updated = await call<Customer>((done) => qbo.updateCustomer({ Id: read.Id, SyncToken: read.SyncToken, CompanyName: 'NQ' }, done));
    expect(updated).toEqual(expect.objectContaining({ SyncToken: '1', CompanyName: 'NQ', DisplayName: 'NQ Print Buyers' }));

    const byName = await call<Page<'Customer', Customer>>((done) => qbo.findCustomers({ DisplayName: 'NQ Print Buyers' }, done));
    expect(byName.QueryResponse.Customer!.map((c) => c.Id)).toEqual([created.Id]);
    const like = await call<Page<'Customer', Customer>>((done) =>
      qbo.findCustomers(
        [
          { field: 'DisplayName', value: 'NQ %', operator: 'LIKE' },
          { field: 'limit', value: 5 },
        ],
        done,
      ),
    );
    expect(like.QueryResponse.Customer!.map((c) => c.DisplayName)).toEqual(['NQ Print Buyers']);
    const sorted = await call<Page<'Customer', Customer>>((done) => qbo.findCustomers({ asc: 'DisplayName', limit: 3, offset: 2 }, done));
    const names = sorted.QueryResponse.Customer!.map((c) => c.DisplayName);
    expect(names).toHaveLength(3);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const counted = await call<Page<'Customer', Customer>>((done) => qbo.findCustomers({ count: true }, done));
    const all = await call<Page<'Customer', Customer>>((done) => qbo.findCustomers({ fetchAll: true }, done));
    expect(counted.QueryResponse.totalCount).toBe(all.QueryResponse.Customer!.length);

    const colon = await fault(call((done) => qbo.createCustomer({ DisplayName: 'NQ:Child' }, done)));
    expect(colon).toEqual({ status: 400, error: expect.objectContaining({ code: '2040' }) });
    const stale = await fault(call((done) => qbo.updateCustomer({ Id: read.Id, SyncToken: '0', Notes: 'late' }, done)));
    expect(stale.error.code).toBe('5010');
    const missing = await fault(call((done) => qbo.getCustomer('99999', done)));
    expect(missing.error.code).toBe('610');
  });

  it('makes a create with requestId idempotent', async () => {
    const first = await call<Customer>((done) => qbo.createCustomer({ DisplayName: 'NQ Retried Buyer', requestId: 'nq-retry-1' }, done));
    const again = await call<Customer>((done) => qbo.createCustomer({ DisplayName: 'NQ Retried Buyer', requestId: 'nq-retry-1' }, done));
    expect(again.Id).toBe(first.Id);
    const found = await call<Page<'Customer', Customer>>((done) => qbo.findCustomers({ DisplayName: 'NQ Retried Buyer' }, done));
    expect(found.QueryResponse.Customer).toHaveLength(1);
  });

  it('creates, reads, updates and finds vendors and items', async () => {
    const vendor = await call<Vendor>((done) => qbo.createVendor({ DisplayName: 'NQ Paper Mill' }, done));
    expect((await call<Vendor>((done) => qbo.getVendor(vendor.Id, done))).DisplayName).toBe('NQ Paper Mill');
    const renamed = await call<Vendor>((done) => qbo.updateVendor({ Id: vendor.Id, SyncToken: vendor.SyncToken, DisplayName: 'NQ Paper Mills' }, done));
    expect(renamed.SyncToken).toBe('1');
    const vendors = await call<Page<'Vendor', Vendor>>((done) => qbo.findVendors({ DisplayName: 'NQ Paper Mills' }, done));
    expect(vendors.QueryResponse.Vendor!.map((v) => v.Id)).toEqual([vendor.Id]);

    const item = await call<Item>((done) => qbo.createItem({ Name: 'NQ Die Cutting', Type: 'Service', UnitPrice: 0.0125 }, done));
    expect((await call<Item>((done) => qbo.getItem(item.Id, done))).UnitPrice).toBe(0.0125);
    const repriced = await call<Item>((done) => qbo.updateItem({ Id: item.Id, SyncToken: item.SyncToken, UnitPrice: 0.015 }, done));
    expect(repriced.UnitPrice).toBe(0.015);
    const items = await call<Page<'Item', Item>>((done) => qbo.findItems([{ field: 'Name', value: 'NQ Die Cutting' }], done));
    expect(items.QueryResponse.Item!.map((i) => i.Id)).toEqual([item.Id]);
    const long = await fault(call((done) => qbo.createItem({ Name: 'N'.repeat(101), Type: 'Service' }, done)));
    expect(long.error.code).toBe('2050');
  });

  it('creates, reads, updates, finds and deletes purchase orders and estimates', async () => {
    const po = await call<PurchaseOrder>((done) =>
      qbo.createPurchaseOrder(
        {
          DocNumber: 'NQ-4001-BL',
          VendorRef: { value: '1' },
          Line: [
            { DetailType: 'ItemBasedExpenseLineDetail', Amount: 125, ItemBasedExpenseLineDetail: { ItemRef: { value: '2' }, Qty: 5000, UnitPrice: 0.025 } },
          ],
        },
        done,
      ),
    );
    expect((await call<PurchaseOrder>((done) => qbo.getPurchaseOrder(po.Id, done))).DocNumber).toBe('NQ-4001-BL');
    const memo = await call<PurchaseOrder & { Memo: string }>((done) =>
      qbo.updatePurchaseOrder({ Id: po.Id, SyncToken: po.SyncToken, Memo: 'Held at vendor' }, done),
    );
    expect(memo.Memo).toBe('Held at vendor');
    const pos = await call<Page<'PurchaseOrder', PurchaseOrder>>((done) => qbo.findPurchaseOrders({ DocNumber: 'NQ-4001-BL' }, done));
    expect(pos.QueryResponse.PurchaseOrder!.map((p) => p.Id)).toEqual([po.Id]);
    const mismatch = await fault(
      call((done) =>
        qbo.createPurchaseOrder(
          {
            VendorRef: { value: '1' },
            Line: [
              { DetailType: 'ItemBasedExpenseLineDetail', Amount: 100, ItemBasedExpenseLineDetail: { ItemRef: { value: '2' }, Qty: 5000, UnitPrice: 0.025 } },
            ],
          },
          done,
        ),
      ),
    );
    expect(mismatch.error.code).toBe('6070');
    const deletedPo = await call<{ PurchaseOrder: Deleted }>((done) => qbo.deletePurchaseOrder(memo, done));
    expect(deletedPo.PurchaseOrder).toEqual({ status: 'Deleted', domain: 'QBO', Id: po.Id });

    const estimate = await call<Estimate>((done) =>
      qbo.createEstimate(
        {
          DocNumber: 'NQ-1001',
          CustomerRef: { value: '1' },
          Line: [{ DetailType: 'SalesItemLineDetail', Amount: 45.67, SalesItemLineDetail: { ItemRef: { value: '1' }, Qty: 1000, UnitPrice: 0.04567 } }],
        },
        done,
      ),
    );
    expect(estimate.TotalAmt).toBe(45.67);
    const read = await call<Estimate>((done) => qbo.getEstimate(estimate.Id, done));
    // A full update: node-quickbooks sends the object as read, subtotal line and all.
    const accepted = await call<Estimate>((done) => qbo.updateEstimate({ ...read, TxnStatus: 'Accepted' }, done));
    expect(accepted).toEqual(expect.objectContaining({ TxnStatus: 'Accepted', SyncToken: '1', TotalAmt: 45.67 }));
    const estimates = await call<Page<'Estimate', Estimate>>((done) => qbo.findEstimates({ DocNumber: 'NQ-1001' }, done));
    expect(estimates.QueryResponse.Estimate!.map((e) => e.Id)).toEqual([estimate.Id]);
    // By id, node-quickbooks reads the estimate first and sends it back to delete it.
    const deleted = await call<{ Estimate: Deleted }>((done) => qbo.deleteEstimate(estimate.Id, done));
    expect(deleted.Estimate.status).toBe('Deleted');
    expect((await fault(call((done) => qbo.getEstimate(estimate.Id, done)))).error.code).toBe('610');
  });

  it('runs a batch, reads changes through CDC and reads the company', async () => {
    const since = new Date(running.sandbox.clock.now() - 1000);
    const answer = await call<{ BatchItemResponse: { bId: string; Vendor?: Vendor; QueryResponse?: QueryResponse; Fault?: IntuitFault['Fault'] }[] }>((done) =>
      qbo.batch(
        [
          { bId: '1', operation: 'create', Vendor: { DisplayName: 'NQ Batch Bindery' } },
          { bId: '2', operation: 'query', Query: 'select * from Item maxresults 2' },
          { bId: '3', operation: 'create', Vendor: { DisplayName: 'NQ:Bad' } },
        ],
        done,
      ),
    );
    const [created, queried, refused] = answer.BatchItemResponse;
    expect(created!.Vendor!.DisplayName).toBe('NQ Batch Bindery');
    expect(queried!.QueryResponse!.Item).toHaveLength(2);
    expect(refused!.Fault!.Error[0]!.code).toBe('2040');

    const cdc = await call<CdcResponse>((done) => qbo.changeDataCapture(['Vendor', 'Estimate'], since, done));
    const [vendors] = cdc.CDCResponse[0]!.QueryResponse;
    expect(vendors!.Vendor!.map((v) => v.DisplayName)).toContain('NQ Batch Bindery');

    const info = await call<{ CompanyName: string }>((done) => qbo.getCompanyInfo(realmId, done));
    expect(info.CompanyName).toBe('Northwind Print Brokers');
    const infos = await call<{ QueryResponse: { CompanyInfo: { CompanyName: string }[] } }>((done) => qbo.findCompanyInfos(done));
    expect(infos.QueryResponse.CompanyInfo[0]!.CompanyName).toBe('Northwind Print Brokers');
  });

  it('refreshes and revokes its tokens at the sandbox', async () => {
    const oldAccess = qbo.token;
    const oldRefresh = qbo.refreshToken;
    const refreshed = await call<{ access_token: string; refresh_token: string }>((done) => qbo.refreshAccessToken(done));
    expect(qbo.token).toBe(refreshed.access_token);
    expect(refreshed.refresh_token).not.toBe(oldRefresh);
    expect(qbo.token).not.toBe(oldAccess);
    expect((await call<Customer>((done) => qbo.getCustomer('1', done))).Id).toBe('1');

    const access = qbo.token;
    await call((done) => qbo.revokeAccess(true, done));
    expect(qbo.token).toBeNull();
    const afterRevoke = await fetch(`${running.sandbox.urls.apiBase}/${realmId}/customer/1`, {
      headers: { authorization: `Bearer ${access}`, accept: 'application/json' },
    });
    expect(afterRevoke.status).toBe(401);
  });
});

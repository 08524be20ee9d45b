import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  readJson,
  startSandbox,
  type AuthFault,
  type CdcResponse,
  type CompanyInfoResponse,
  type DeleteResponse,
  type EntityResponse,
  type IntuitFault,
  type Running,
} from './support.js';

let running: Running;
beforeAll(async () => {
  running = await startSandbox({ scale: 1 });
});
afterAll(() => running.stop());

const post = (path: string, body: unknown) => running.api(path, { method: 'POST', body: JSON.stringify(body) });

describe('entities', () => {
  it('reads, creates, sparse-updates and refuses a stale SyncToken', async () => {
    const read = await readJson<EntityResponse<'Customer'>>(await running.api('/customer/1?minorversion=75'));
    expect(read.Customer).toEqual(expect.objectContaining({ Id: '1', SyncToken: expect.any(String), DisplayName: expect.any(String) }));

    const created = (
      await readJson<EntityResponse<'Customer'>>(
        await post('/customer', { DisplayName: 'Acme Print Buyers', PrimaryEmailAddr: { Address: 'buyer@acme.example' } }),
      )
    ).Customer;
    expect(created).toEqual(expect.objectContaining({ SyncToken: '0', Active: true, domain: 'QBO' }));
    expect(Number(created.Id)).toBeGreaterThan(0);

    const sparse = (await readJson<EntityResponse<'Customer'>>(await post('/customer', { Id: created.Id, SyncToken: '0', sparse: true, CompanyName: 'Acme' })))
      .Customer;
    expect(sparse.SyncToken).toBe('1');
    expect(sparse.PrimaryEmailAddr!.Address).toBe('buyer@acme.example');
    expect(sparse.CompanyName).toBe('Acme');

    const full = (await readJson<EntityResponse<'Customer'>>(await post('/customer', { Id: created.Id, SyncToken: '1', DisplayName: 'Acme Print Buyers' })))
      .Customer;
    expect(full.SyncToken).toBe('2');
    expect(full.PrimaryEmailAddr).toBeUndefined();

    const stale = await post('/customer', { Id: created.Id, SyncToken: '0', sparse: true, Notes: 'late' });
    expect(stale.status).toBe(400);
    const fault = await readJson<IntuitFault>(stale);
    expect(fault.Fault.type).toBe('ValidationFault');
    expect(fault.Fault.Error[0]).toEqual(expect.objectContaining({ code: '5010', Message: 'Stale Object Error' }));

    const duplicate = await post('/customer', { DisplayName: 'acme print buyers' });
    expect((await readJson<IntuitFault>(duplicate)).Fault.Error[0]!.code).toBe('6240');
  });

  it('creates estimates with computed totals and a subtotal line, and deletes them', async () => {
    const body = {
      CustomerRef: { value: '1' },
      Line: [{ DetailType: 'SalesItemLineDetail', SalesItemLineDetail: { ItemRef: { value: '1' }, Qty: 1000, UnitPrice: 0.05 } }],
    };
    const estimate = (await readJson<EntityResponse<'Estimate'>>(await post('/estimate', body))).Estimate;
    expect(estimate.TotalAmt).toBe(50);
    expect(estimate.TxnStatus).toBe('Pending');
    expect(estimate.Line.at(-1)).toEqual({ Amount: 50, DetailType: 'SubTotalLineDetail', SubTotalLineDetail: {} });
    expect(estimate.Line[0]!.SalesItemLineDetail!.ItemRef.name).toEqual(expect.any(String));

    const deleted = await readJson<DeleteResponse<'Estimate'>>(
      await running.api('/estimate?operation=delete', { method: 'POST', body: JSON.stringify({ Id: estimate.Id, SyncToken: estimate.SyncToken }) }),
    );
    expect(deleted.Estimate).toEqual({ status: 'Deleted', domain: 'QBO', Id: estimate.Id });
    const gone = await readJson<IntuitFault>(await running.api(`/estimate/${estimate.Id}`));
    expect(gone.Fault.Error[0]).toEqual(expect.objectContaining({ code: '610', Message: 'Object Not Found' }));

    const badRef = await readJson<IntuitFault>(await post('/purchaseorder', { VendorRef: { value: '99999' }, Line: [] }));
    expect(badRef.Fault.Error[0]!.code).toBe('2500');
    const customerDelete = await readJson<IntuitFault>(
      await running.api('/customer?operation=delete', { method: 'POST', body: JSON.stringify({ Id: '1', SyncToken: '0' }) }),
    );
    expect(customerDelete.Fault.Error[0]!.Message).toBe('Unsupported Operation');
  });

  it('serves companyinfo', async () => {
    const info = await readJson<CompanyInfoResponse>(await running.api(`/companyinfo/${running.realmId}`));
    expect(info.CompanyInfo).toEqual(
      expect.objectContaining({
        CompanyName: 'Northwind Print Brokers',
        LegalName: expect.any(String),
        CompanyAddr: expect.any(Object),
        Email: { Address: expect.any(String) },
      }),
    );
  });

  it('returns changes and deletions through CDC', async () => {
    const { sandbox, realmId } = running;
    sandbox.clock.advance(10_000);
    const since = new Date(sandbox.clock.now()).toISOString();
    sandbox.clock.advance(2000);
    sandbox.admin.setEstimateStatus(realmId, '60', 'Accepted');
    const po = sandbox.admin.create(realmId, 'PurchaseOrder', {
      VendorRef: { value: '1' },
      Line: [{ DetailType: 'ItemBasedExpenseLineDetail', ItemBasedExpenseLineDetail: { ItemRef: { value: '2' }, Qty: 10 } }],
    });
    sandbox.admin.delete(realmId, 'PurchaseOrder', po.Id);
    const cdc = await readJson<CdcResponse>(await running.api(`/cdc?entities=Estimate,PurchaseOrder,Customer&changedSince=${encodeURIComponent(since)}`));
    const [estimates, purchaseOrders, customers] = cdc.CDCResponse[0]!.QueryResponse;
    expect(estimates!.Estimate!.map((e) => [e.Id, e.TxnStatus])).toEqual([['60', 'Accepted']]);
    expect(purchaseOrders!.PurchaseOrder).toEqual([expect.objectContaining({ status: 'Deleted', Id: po.Id, domain: 'QBO' })]);
    expect(customers).toEqual({});
    const tooOld = await readJson<IntuitFault>(await running.api(`/cdc?entities=Customer&changedSince=2001-01-01T00:00:00Z`));
    expect(tooOld.Fault.type).toBe('ValidationFault');
  });

  it('refuses a token for another realm and an unknown token', async () => {
    const other = running.sandbox.admin.companies()[1]!.realmId;
    const response = await fetch(`${running.sandbox.urls.apiBase}/${other}/customer/1`, { headers: { authorization: `Bearer ${running.token}` } });
    expect(response.status).toBe(403);
    const unknown = await fetch(`${running.sandbox.urls.apiBase}/${running.realmId}/customer/1`, {
      headers: { authorization: 'Bearer nope', accept: 'application/json' },
    });
    expect(unknown.status).toBe(401);
    expect((await readJson<AuthFault>(unknown)).fault.error[0]!.code).toBe('3200');
  });
});

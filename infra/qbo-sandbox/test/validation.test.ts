import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readJson, startSandbox, type Entities, type EntityResponse, type IntuitFault, type QueryResult, type Running } from './support.js';

let running: Running;
beforeAll(async () => {
  running = await startSandbox();
});
afterAll(() => running.stop());

const post = (path: string, body: unknown) =>
  running.api(`${path}${path.includes('?') ? '&' : '?'}minorversion=75`, { method: 'POST', body: JSON.stringify(body) });

/** The first Error of a refused write, after checking it was refused the way Intuit refuses. */
async function refusal(response: Response): Promise<IntuitFault['Fault']['Error'][number]> {
  expect(response.status).toBe(400);
  const fault = await readJson<IntuitFault>(response);
  expect(fault.Fault.type).toBe('ValidationFault');
  return fault.Fault.Error[0]!;
}

async function created<K extends keyof Entities>(entity: K, response: Response): Promise<Entities[K]> {
  expect(response.status).toBe(200);
  return (await readJson<EntityResponse<K>>(response))[entity];
}

async function countWhere(entity: string, where: string): Promise<number> {
  const { body } = await running.query<QueryResult>(`select count(*) from ${entity} where ${where}`);
  return body.QueryResponse.totalCount ?? 0;
}

const salesLine = (qty: number, unitPrice: number, amount: number) => ({
  DetailType: 'SalesItemLineDetail',
  Amount: amount,
  SalesItemLineDetail: { ItemRef: { value: '1' }, Qty: qty, UnitPrice: unitPrice },
});

describe('validation faults on create and update', () => {
  it('refuses a property the entity does not have (2010) and writes nothing', async () => {
    const error = await refusal(await post('/customer', { DisplayName: 'Typo Printing', PrimaryEmail: { Address: 'a@b.example' } }));
    expect(error).toEqual(expect.objectContaining({ code: '2010', Message: 'Request has invalid or unsupported property', element: 'PrimaryEmail' }));
    expect(error.Detail).toContain('PrimaryEmail');
    expect(await countWhere('Customer', "DisplayName = 'Typo Printing'")).toBe(0);

    const line = await refusal(await post('/estimate', { CustomerRef: { value: '1' }, Line: [{ ...salesLine(2, 5, 10), Quantity: 2 }] }));
    expect(line).toEqual(expect.objectContaining({ code: '2010', element: 'Quantity' }));

    const customer = (await readJson<EntityResponse<'Customer'>>(await running.api('/customer/2'))).Customer;
    const sparse = await refusal(await post('/customer', { Id: customer.Id, SyncToken: customer.SyncToken, sparse: true, Nickname: 'x' }));
    expect(sparse.code).toBe('2010');
  });

  it('answers a body that is not JSON with a 2010 Fault rather than a plain-text 400', async () => {
    const answer = await running.api('/customer', { method: 'POST', body: '{"DisplayName": "Half' });
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect((await refusal(answer)).code).toBe('2010');
    const unauthenticated = await fetch(`${running.baseUrl}/v3/company/${running.realmId}/customer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{',
    });
    expect(unauthenticated.status).toBe(401);
  });

  it('refuses a minorversion that is not a version (2010) and writes nothing, but answers an old one', async () => {
    for (const version of ['abc', '75.1', '-1']) {
      const error = await refusal(
        await running.api(`/customer?minorversion=${version}`, { method: 'POST', body: JSON.stringify({ DisplayName: `Minor ${version}` }) }),
      );
      expect(error).toEqual(expect.objectContaining({ code: '2010', element: 'minorversion' }));
    }
    expect((await refusal(await running.api('/customer/1?minorversion=75&minorversion=76'))).code).toBe('2010');
    expect(await countWhere('Customer', "DisplayName LIKE 'Minor %'")).toBe(0);
    expect((await running.api('/customer/1?minorversion=4')).status).toBe(200);
    expect((await running.api('/customer/1')).status).toBe(200);
  });

  it('refuses a priced line whose Amount is not Qty × UnitPrice at cent precision (6070)', async () => {
    const error = await refusal(await post('/estimate', { CustomerRef: { value: '1' }, Line: [salesLine(1, 1, 1), salesLine(3, 30, 100)] }));
    expect(error).toEqual(expect.objectContaining({ code: '6070', Message: 'Amount is not equal to UnitPrice * Qty', element: 'Line[1].Amount' }));
    expect(error.Detail).toBe('Amount is not equal to UnitPrice * Qty. Supplied value:100');

    const purchaseOrder = await refusal(
      await post('/purchaseorder', {
        VendorRef: { value: '1' },
        Line: [{ DetailType: 'ItemBasedExpenseLineDetail', Amount: 1000, ItemBasedExpenseLineDetail: { ItemRef: { value: '2' }, Qty: 1000, UnitPrice: 0.5 } }],
      }),
    );
    expect(purchaseOrder.code).toBe('6070');
  });

  it('accepts amounts rounded to cents from sub-cent prices, and what PrintPool writes back', async () => {
    // 3 × 0.3333 = 0.9999 and 1000 × 0.04567 = 45.67: rounded to cents, as QBO rounds them.
    const estimate = await created(
      'Estimate',
      await post(`/estimate?requestid=${crypto.randomUUID()}`, {
        DocNumber: 'SO-20001',
        CustomerRef: { value: '1' },
        BillEmail: { Address: 'orders@example.com' },
        Line: [
          salesLine(3, 0.3333, 1),
          { ...salesLine(1000, 0.04567, 45.67), Description: 'Flyers' },
          { DetailType: 'DescriptionOnly', Description: 'Proof by Friday', DescriptionLineDetail: {} },
        ],
      }),
    );
    expect(estimate.TotalAmt).toBe(46.67);

    const update = await created(
      'Estimate',
      await post(`/estimate?requestid=${crypto.randomUUID()}`, {
        Id: estimate.Id,
        SyncToken: estimate.SyncToken,
        sparse: true,
        Line: [salesLine(2500, 0.0123, 30.75), { DetailType: 'DescriptionOnly', Description: 'Rush', DescriptionLineDetail: {} }],
        BillEmail: { Address: 'new@example.com' },
      }),
    );
    expect(update.SyncToken).toBe('1');
    expect(update.TotalAmt).toBe(30.75);
  });

  it('derives UnitPrice from an Amount sent without one, so the line can be sent back', async () => {
    const estimate = await created(
      'Estimate',
      await post('/estimate', {
        CustomerRef: { value: '1' },
        Line: [{ DetailType: 'SalesItemLineDetail', Amount: 100, SalesItemLineDetail: { ItemRef: { value: '1' }, Qty: 4 } }],
      }),
    );
    expect(estimate.Line[0]!.SalesItemLineDetail!.UnitPrice).toBe(25);
    expect((await post('/estimate', estimate)).status).toBe(200);
  });

  it('refuses a colon in a name (2040): QBO joins parent and child names with it', async () => {
    for (const [path, body] of [
      ['/customer', { DisplayName: 'Parent:Child Print' }],
      ['/vendor', { DisplayName: 'Paper:Co' }],
      ['/item', { Name: 'Flyers:A5', Type: 'Service' }],
    ] as const) {
      const error = await refusal(await post(path, body));
      expect(error.code).toBe('2040');
      expect(error.element).toBe('DisplayName' in body ? 'DisplayName' : 'Name');
    }
    const vendor = (await readJson<EntityResponse<'Vendor'>>(await running.api('/vendor/1'))).Vendor;
    expect((await refusal(await post('/vendor', { Id: vendor.Id, SyncToken: vendor.SyncToken, sparse: true, DisplayName: 'a:b' }))).code).toBe('2040');
  });

  it('refuses a DocNumber over 21 characters and a name over 100 (2050)', async () => {
    const long = await refusal(await post('/estimate', { DocNumber: 'X'.repeat(22), CustomerRef: { value: '1' }, Line: [salesLine(1, 2, 2)] }));
    expect(long).toEqual(
      expect.objectContaining({
        code: '2050',
        element: 'DocNumber',
        Detail: 'String length specified does not match the supported length. Min:0 Max:21 supported. Supplied length:22',
      }),
    );
    await created('Estimate', await post('/estimate', { DocNumber: 'X'.repeat(21), CustomerRef: { value: '1' }, Line: [salesLine(1, 2, 2)] }));

    const name = await refusal(await post('/customer', { DisplayName: 'N'.repeat(101) }));
    expect(name).toEqual(expect.objectContaining({ code: '2050', element: 'DisplayName' }));
    expect((await refusal(await post('/item', { Name: 'I'.repeat(101), Type: 'Service' }))).element).toBe('Name');
    await created('Customer', await post('/customer', { DisplayName: 'N'.repeat(100) }));
  });

  it('accepts every seeded object sent back whole, as a client that read it would', async () => {
    for (const [path, entity] of [
      ['customer', 'Customer'],
      ['vendor', 'Vendor'],
      ['item', 'Item'],
      ['purchaseorder', 'PurchaseOrder'],
      ['estimate', 'Estimate'],
    ] as const) {
      const read = (await running.query<{ QueryResponse: Record<string, Record<string, unknown>[]> }>(`select * from ${entity} maxresults 1`)).body
        .QueryResponse[entity]![0]!;
      const answer = await post(`/${path}`, read);
      expect(answer.status).toBe(200);
      expect((await readJson<Record<string, { SyncToken: string }>>(answer))[entity]!.SyncToken).toBe(String(Number(read.SyncToken) + 1));
    }
  });
});

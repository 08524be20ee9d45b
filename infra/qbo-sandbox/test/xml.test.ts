import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { XMLParser } from 'fast-xml-parser';
import { startSandbox, type Running } from './support.js';

let running: Running;
beforeAll(async () => {
  running = await startSandbox();
});
afterAll(() => running.stop());

/*
 * Intuit's XML as a client's parser sees it: attributes under `@_name`, a reference's value
 * under `#text`, every value a string. Only what the tests read is typed.
 */
interface XmlFault {
  '@_type': string;
  Error: { '@_code': string; Message: string }[];
}
interface XmlEntity {
  '@_domain': string;
  '@_sparse': string;
  Id: string;
}
interface XmlEstimate extends XmlEntity {
  CustomerRef: { '#text': string; '@_name': string };
  Line: { DetailType: string; SubTotalLineDetail?: string }[];
}
interface Node {
  '@_xmlns': string;
  '@_time': string;
  Estimate: XmlEstimate;
  Customer: XmlEntity[];
  QueryResponse: { '@_startPosition': string; '@_maxResults': string; Customer: XmlEntity[] }[];
  Fault: XmlFault;
  CDCResponse: { QueryResponse: { Vendor: XmlEntity & { DisplayName: string }; PurchaseOrder: XmlEntity & { '@_status': string } }[] };
}
const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => ['Customer', 'Line', 'QueryResponse', 'Error'].includes(name),
});

async function xml(path: string, accept?: string, init: RequestInit = {}): Promise<{ status: number; type: string; root: Node }> {
  const headers: Record<string, string> = { authorization: `Bearer ${running.token}` };
  if (accept) headers.accept = accept;
  const response = await fetch(`${running.baseUrl}/v3/company/${running.realmId}${path}`, {
    ...init,
    headers: { ...headers, ...(init.headers as Record<string, string>) },
  });
  const text = await response.text();
  expect(text.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>')).toBe(true);
  const root = (parser.parse(text) as { IntuitResponse: Node }).IntuitResponse;
  expect(root['@_xmlns']).toBe('http://schema.intuit.com/finance/v3');
  return { status: response.status, type: response.headers.get('content-type') ?? '', root };
}

describe('XML answers', () => {
  it('reads an entity as an IntuitResponse with attributes and references as Intuit writes them', async () => {
    const { status, type, root } = await xml('/estimate/60', 'application/xml');
    expect(status).toBe(200);
    expect(type).toContain('application/xml');
    expect(root['@_time']).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    const estimate = root.Estimate;
    expect(estimate['@_domain']).toBe('QBO');
    expect(estimate['@_sparse']).toBe('false');
    expect(estimate.Id).toBe('60');
    expect(
      Object.keys(estimate)
        .filter((key) => !key.startsWith('@_'))
        .slice(0, 3),
    ).toEqual(['Id', 'SyncToken', 'MetaData']);
    expect(estimate.CustomerRef['#text']).toEqual(expect.stringMatching(/^\d+$/));
    expect(estimate.CustomerRef['@_name']).toEqual(expect.any(String));
    expect(estimate.Line.at(-1)!.DetailType).toBe('SubTotalLineDetail');
    expect(estimate.Line.at(-1)!.SubTotalLineDetail).toBe('');
  });

  it('answers XML when the client does not ask for JSON, and JSON when it does', async () => {
    expect((await xml('/customer/1')).root.Customer[0]!.Id).toBe('1');
    expect((await xml('/customer/1', '*/*')).root.Customer[0]!.Id).toBe('1');
    const json = await running.api('/customer/1', { headers: { accept: 'application/json, text/plain, */*' } });
    expect(json.headers.get('content-type')).toContain('application/json');
  });

  it('pages a query as a QueryResponse with its counters as attributes', async () => {
    const { root } = await xml(`/query?query=${encodeURIComponent('select * from Customer maxresults 3')}`, 'application/xml');
    const page = root.QueryResponse[0]!;
    expect(page['@_startPosition']).toBe('1');
    expect(page['@_maxResults']).toBe('3');
    expect(page.Customer.map((customer) => customer.Id)).toEqual(['1', '2', '3']);
  });

  it('writes and lists CDC changes in XML, deleted objects marked by attributes', async () => {
    const { sandbox, realmId } = running;
    const since = new Date(sandbox.clock.now() - 1000).toISOString();
    const created = await xml('/vendor', 'application/xml', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ DisplayName: 'XML Paper Co' }),
    });
    expect(created.status).toBe(200);
    const po = sandbox.admin.create(realmId, 'PurchaseOrder', {
      VendorRef: { value: '1' },
      Line: [{ DetailType: 'ItemBasedExpenseLineDetail', ItemBasedExpenseLineDetail: { ItemRef: { value: '2' }, Qty: 10 } }],
    });
    sandbox.admin.delete(realmId, 'PurchaseOrder', po.Id);
    const { root } = await xml(`/cdc?entities=Vendor,PurchaseOrder&changedSince=${encodeURIComponent(since)}`, 'application/xml');
    const [vendors, purchaseOrders] = root.CDCResponse.QueryResponse;
    expect(vendors!.Vendor.DisplayName).toBe('XML Paper Co');
    expect(purchaseOrders!.PurchaseOrder).toEqual(expect.objectContaining({ '@_status': 'Deleted', '@_domain': 'QBO', Id: po.Id }));
  });

  it('answers faults as XML Fault elements, the authentication failure included', async () => {
    const missing = await xml('/customer/99999', 'application/xml');
    expect(missing.status).toBe(400);
    expect(missing.root.Fault['@_type']).toBe('ValidationFault');
    const error = missing.root.Fault.Error[0]!;
    expect(error['@_code']).toBe('610');
    expect(error.Message).toBe('Object Not Found');

    const unauthenticated = await fetch(`${running.baseUrl}/v3/company/${running.realmId}/customer/1`, {
      headers: { authorization: 'Bearer nope', accept: 'application/xml' },
    });
    expect(unauthenticated.status).toBe(401);
    const fault = (parser.parse(await unauthenticated.text()) as { IntuitResponse: Node }).IntuitResponse.Fault;
    expect(fault['@_type']).toBe('AUTHENTICATION');
    expect(fault.Error[0]!['@_code']).toBe('3200');
  });
});

describe('unknown API paths', () => {
  it('answer Intuit Fault JSON rather than a plain-text 404', async () => {
    const read = await running.api('/employee/1');
    expect(read.status).toBe(404);
    expect(read.headers.get('content-type')).toContain('application/json');
    const readFault = (await read.json()) as { Fault: { type: string; Error: { code: string; Detail: string }[] } };
    expect(readFault.Fault.type).toBe('SystemFault');
    expect(readFault.Fault.Error[0]!.code).toBe('10000');
    expect(readFault.Fault.Error[0]!.Detail).toContain(`Could not find resource for relative : /v3/company/${running.realmId}/employee/1`);

    const write = await running.api('/widget', { method: 'POST', body: '{}' });
    expect(write.status).toBe(400);
    const writeFault = (await write.json()) as { Fault: { type: string; Error: { code: string; Message: string }[] } };
    expect(writeFault.Fault.Error[0]).toEqual(expect.objectContaining({ code: '500', Message: 'Unsupported Operation' }));

    for (const [path, method] of [
      ['/estimate/60/preview', 'GET'],
      ['/customer/1', 'DELETE'],
      ['/customer', 'GET'],
    ] as const) {
      const answer = await running.api(path, { method });
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(((await answer.json()) as { Fault?: unknown }).Fault).toBeDefined();
    }
    const outside = await fetch(`${running.baseUrl}/v3/nothing-here`, { headers: { accept: 'application/json' } });
    expect(((await outside.json()) as { Fault: { type: string } }).Fault.type).toBe('SystemFault');
  });

  it('check the token first and follow the Accept header', async () => {
    const unauthenticated = await fetch(`${running.baseUrl}/v3/company/${running.realmId}/employee/1`, { headers: { accept: 'application/json' } });
    expect(unauthenticated.status).toBe(401);
    const asXml = await xml('/employee/1', 'application/xml');
    expect(asXml.root.Fault.Error[0]!['@_code']).toBe('10000');
  });
});

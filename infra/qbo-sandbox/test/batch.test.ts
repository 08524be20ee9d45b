import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { XMLParser } from 'fast-xml-parser';
import {
  readJson,
  startSandbox,
  type Customer,
  type Deleted,
  type EntityResponse,
  type IntuitFault,
  type QueryResponse,
  type QueryResult,
  type Running,
  type Vendor,
} from './support.js';

let running: Running;
beforeAll(async () => {
  running = await startSandbox();
});
afterAll(() => running.stop());

interface BatchItemResponse {
  bId: string;
  Vendor?: Vendor;
  Customer?: Customer;
  Estimate?: Deleted;
  QueryResponse?: QueryResponse;
  Fault?: IntuitFault['Fault'];
}

const batch = (items: unknown[], query = '') =>
  running.api(`/batch?minorversion=75${query}`, { method: 'POST', body: JSON.stringify({ BatchItemRequest: items }) });

async function count(statement: string): Promise<number> {
  return (await running.query<QueryResult>(statement)).body.QueryResponse.totalCount ?? 0;
}

describe('batch', () => {
  it('runs create, update, delete and query items and answers each under its bId, in order', async () => {
    const customer = (await readJson<EntityResponse<'Customer'>>(await running.api('/customer/4'))).Customer;
    const { QueryResponse: page } = (await running.query<QueryResult>('select * from Estimate maxresults 1')).body;
    const estimate = page.Estimate![0]!;
    const response = await batch([
      { bId: 'v1', operation: 'create', Vendor: { DisplayName: 'Batch Paper Mill' } },
      { bId: 'c1', operation: 'update', Customer: { Id: customer.Id, SyncToken: customer.SyncToken, sparse: true, CompanyName: 'Batched' } },
      { bId: 'e1', operation: 'delete', Estimate: { Id: estimate.Id, SyncToken: estimate.SyncToken } },
      { bId: 'q1', Query: "select * from Customer where Id = '4'" },
      { bId: 'bad', operation: 'create', Customer: { DisplayName: customer.DisplayName } },
      { bId: 'v2', operation: 'create', Vendor: { DisplayName: 'Second Batch Mill' } },
    ]);
    expect(response.status).toBe(200);
    const answers = (await readJson<{ BatchItemResponse: BatchItemResponse[]; time: string }>(response)).BatchItemResponse;
    expect(answers.map((answer) => answer.bId)).toEqual(['v1', 'c1', 'e1', 'q1', 'bad', 'v2']);
    expect(answers[0]!.Vendor).toEqual(expect.objectContaining({ DisplayName: 'Batch Paper Mill', SyncToken: '0' }));
    expect(answers[1]!.Customer).toEqual(expect.objectContaining({ CompanyName: 'Batched', SyncToken: String(Number(customer.SyncToken) + 1) }));
    expect(answers[2]!.Estimate).toEqual({ status: 'Deleted', domain: 'QBO', Id: estimate.Id });
    expect(answers[3]!.QueryResponse!.Customer![0]!.CompanyName).toBe('Batched');
    // One refused item does not undo or stop the others.
    expect(answers[4]!.Fault).toEqual({ type: 'ValidationFault', Error: [expect.objectContaining({ code: '6240', Message: 'Duplicate Name Exists Error' })] });
    expect(answers[5]!.Vendor!.DisplayName).toBe('Second Batch Mill');
    expect(await count("select count(*) from Vendor where DisplayName = 'Batch Paper Mill'")).toBe(1);
    expect((await running.api(`/estimate/${estimate.Id}`)).status).toBe(400);
  });

  it('refuses items the way the single endpoints do: validation, unknown entity, bad operation', async () => {
    const answers = (
      await readJson<{ BatchItemResponse: BatchItemResponse[] }>(
        await batch([
          { bId: 'colon', operation: 'create', Customer: { DisplayName: 'A:B' } },
          { bId: 'typo', operation: 'create', Customer: { DisplayName: 'Typo Batch', Emial: 'x' } },
          { bId: 'entity', operation: 'create', Widget: { Name: 'w' } },
          { bId: 'op', operation: 'void', Customer: { Id: '1', SyncToken: '0' } },
          { bId: 'query', Query: 'select * from Nowhere' },
        ]),
      )
    ).BatchItemResponse;
    expect(answers.map((answer) => [answer.bId, answer.Fault!.Error[0]!.code])).toEqual([
      ['colon', '2040'],
      ['typo', '2010'],
      ['entity', '2010'],
      ['op', '500'],
      ['query', '4001'],
    ]);
  });

  it('refuses more than 30 items, and items without a bId, as a whole', async () => {
    const items = Array.from({ length: 31 }, (_, i) => ({ bId: `b${i}`, operation: 'create', Vendor: { DisplayName: `Too Many Mill ${i}` } }));
    const tooMany = await batch(items);
    expect(tooMany.status).toBe(400);
    expect((await readJson<IntuitFault>(tooMany)).Fault.Error[0]!.code).toBe('1040');
    expect(await count("select count(*) from Vendor where DisplayName LIKE 'Too Many Mill%'")).toBe(0);

    expect((await batch(items.slice(0, 30))).status).toBe(200);
    expect(await count("select count(*) from Vendor where DisplayName LIKE 'Too Many Mill%'")).toBe(30);

    const missing = await batch([
      { bId: 'ok', operation: 'create', Vendor: { DisplayName: 'Nameless Mill' } },
      { operation: 'create', Vendor: { DisplayName: 'No bId Mill' } },
    ]);
    expect((await readJson<IntuitFault>(missing)).Fault.Error[0]!.code).toBe('2020');
    expect(await count("select count(*) from Vendor where DisplayName = 'Nameless Mill'")).toBe(0);
  });

  it('throttles a company past 40 batch requests a minute, as Intuit does', async () => {
    const { sandbox } = running;
    sandbox.clock.advance(61_000);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await batch([])).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const throttled = await batch([]);
    expect(throttled.status).toBe(429);
    expect(await throttled.text()).toContain('errorCode=003001; statusCode=429');
    // Other endpoints, and the next minute, are not held back.
    expect((await running.api('/customer/1')).status).toBe(200);
    sandbox.clock.advance(61_000);
    expect((await batch([])).status).toBe(200);
  });

  it('replays a batch repeated with the same requestid, and answers XML with bId attributes', async () => {
    const items = [{ bId: 'once', operation: 'create', Customer: { DisplayName: 'Batched Once Print' } }];
    const first = await (await batch(items, '&requestid=batch-1')).text();
    expect(await (await batch(items, '&requestid=batch-1')).text()).toBe(first);
    expect(await count("select count(*) from Customer where DisplayName = 'Batched Once Print'")).toBe(1);

    const xml = await running.api('/batch', {
      method: 'POST',
      headers: { accept: 'application/xml' },
      body: JSON.stringify({ BatchItemRequest: [{ bId: 'x1', Query: 'select * from Item maxresults 1' }] }),
    });
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(await xml.text()) as {
      IntuitResponse: { BatchItemResponse: { '@_bId': string; QueryResponse: { Item: { Id: number } } } };
    };
    expect(parsed.IntuitResponse.BatchItemResponse['@_bId']).toBe('x1');
    expect(parsed.IntuitResponse.BatchItemResponse.QueryResponse.Item.Id).toBe(1);
  });
});

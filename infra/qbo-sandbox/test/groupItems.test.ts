import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readJson, startSandbox, type IntuitFault, type QueryResult, type Running } from './support.js';

let running: Running;
beforeAll(async () => {
  running = await startSandbox();
});
afterAll(() => running.stop());

async function bundle(name: string): Promise<Record<string, unknown>> {
  const { body } = await running.query<QueryResult>("select * from Item where Type = 'NonInventory' maxresults 2");
  const members = body.QueryResponse.Item!.map((item) => ({ ItemRef: { value: item.Id }, Qty: 1 }));
  return { Name: name, Type: 'Group', ItemGroupDetail: { ItemGroupLine: members } };
}

async function countNamed(name: string): Promise<number> {
  return (await running.query<QueryResult>(`select count(*) from Item where Name = '${name}'`)).body.QueryResponse.totalCount ?? 0;
}

describe('Group items (bundles)', () => {
  it('cannot be created through the API, as at Intuit', async () => {
    const response = await running.api('/item?minorversion=75', { method: 'POST', body: JSON.stringify(await bundle('Trade Show Kit')) });
    expect(response.status).toBe(400);
    expect(await readJson<IntuitFault>(response)).toEqual({
      Fault: {
        Error: [{ Message: 'Unsupported Operation', Detail: 'Operation CREATE GROUP is not supported.', code: '500', element: '' }],
        type: 'ValidationFault',
      },
      time: expect.any(String),
    });
    expect(await countNamed('Trade Show Kit')).toBe(0);
  });

  it('are still made by a QuickBooks user (the admin API)', async () => {
    running.sandbox.admin.create(running.realmId, 'Item', await bundle('Open House Kit'));
    expect(await countNamed('Open House Kit')).toBe(1);
  });
});

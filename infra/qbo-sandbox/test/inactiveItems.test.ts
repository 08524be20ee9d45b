import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readJson, startSandbox, type Estimate, type EntityResponse, type IntuitFault, type QueryResult, type Running } from './support.js';

let running: Running;
beforeAll(async () => {
  running = await startSandbox();
});
afterAll(() => running.stop());

const post = (path: string, body: unknown) => running.api(`${path}?minorversion=75`, { method: 'POST', body: JSON.stringify(body) });

/** What Intuit answers a new line naming an item made inactive (recorded in intuit/QuickBooks-V3-PHP-SDK#110). */
const MADE_INACTIVE = {
  Fault: {
    Error: [
      {
        Message: 'Invalid Reference Id',
        Detail:
          "Invalid Reference Id : Something you're trying to use has been made inactive. Check the fields with accounts, customers, items, vendors or employees.",
        code: '2500',
        element: '',
      },
    ],
    type: 'ValidationFault',
  },
};

async function expectMadeInactive(response: Response): Promise<void> {
  expect(response.status).toBe(400);
  expect(await readJson<IntuitFault>(response)).toEqual({ ...MADE_INACTIVE, time: expect.any(String) });
}

async function activeItemIds(count: number): Promise<string[]> {
  const { body } = await running.query<QueryResult>(`select * from Item where Type = 'NonInventory' maxresults ${count}`);
  return body.QueryResponse.Item!.map((item) => item.Id);
}

const deactivate = (id: string) => running.sandbox.admin.update(running.realmId, 'Item', id, { Active: false });

const salesLine = (itemId: string) => ({ DetailType: 'SalesItemLineDetail', SalesItemLineDetail: { ItemRef: { value: itemId }, Qty: 10, UnitPrice: 1.5 } });

async function estimateCount(): Promise<number> {
  return (await running.query<QueryResult>('select count(*) from Estimate')).body.QueryResponse.totalCount ?? 0;
}

describe('an inactive item on a transaction', () => {
  it('is refused on a new estimate and a new purchase order, with nothing written', async () => {
    const [itemId] = await activeItemIds(1);
    deactivate(itemId!);
    const before = await estimateCount();
    await expectMadeInactive(await post('/estimate', { CustomerRef: { value: '1' }, Line: [salesLine(itemId!)] }));
    expect(await estimateCount()).toBe(before);

    await expectMadeInactive(
      await post('/purchaseorder', {
        VendorRef: { value: '1' },
        Line: [{ DetailType: 'ItemBasedExpenseLineDetail', ItemBasedExpenseLineDetail: { ItemRef: { value: itemId }, Qty: 100, UnitPrice: 0.25 } }],
      }),
    );
  });

  it('is refused for its batch item alone', async () => {
    const [active, inactive] = await activeItemIds(2);
    deactivate(inactive!);
    const response = await post('/batch', {
      BatchItemRequest: [
        { bId: 'new', operation: 'create', Estimate: { CustomerRef: { value: '1' }, Line: [salesLine(inactive!)] } },
        { bId: 'fine', operation: 'create', Estimate: { CustomerRef: { value: '1' }, Line: [salesLine(active!)] } },
      ],
    });
    expect(response.status).toBe(200);
    const answers = (await readJson<{ BatchItemResponse: { bId: string; Fault?: IntuitFault['Fault']; Estimate?: Estimate }[] }>(response)).BatchItemResponse;
    expect(answers[0]).toEqual({ bId: 'new', Fault: MADE_INACTIVE.Fault });
    expect(answers[1]!.Estimate?.Line[0]!.SalesItemLineDetail?.ItemRef.value).toBe(active);
  });

  it('stays on the estimates that already hold it, which can be read and updated, but is refused on a line an update adds', async () => {
    const [held, added] = await activeItemIds(2);
    const created = (await readJson<EntityResponse<'Estimate'>>(await post('/estimate', { CustomerRef: { value: '1' }, Line: [salesLine(held!)] }))).Estimate;
    deactivate(held!);
    deactivate(added!);

    const read = await running.api(`/estimate/${created.Id}`);
    expect(read.status).toBe(200);
    const estimate = (await readJson<EntityResponse<'Estimate'>>(read)).Estimate;
    expect(estimate.Line[0]!.SalesItemLineDetail!.ItemRef.value).toBe(held);

    const sparse = await post('/estimate', { Id: estimate.Id, SyncToken: estimate.SyncToken, sparse: true, PrivateNote: 'Rush' });
    expect(sparse.status).toBe(200);
    const noted = (await readJson<EntityResponse<'Estimate'>>(sparse)).Estimate;

    const writtenBack = await post('/estimate', noted);
    expect(writtenBack.status).toBe(200);
    const current = (await readJson<EntityResponse<'Estimate'>>(writtenBack)).Estimate;

    await expectMadeInactive(await post('/estimate', { ...current, Line: [...current.Line, salesLine(added!)] }));
  });
});

import { estimate, estimateEvent, line, poEvent, purchaseOrder, settingsEvent, startInventory, type TestInventory } from './support/service.js';

const T = 't-picker';
let inv: TestInventory;
let orderId: number;

beforeAll(async () => {
  inv = await startInventory();
  await inv.deliver(settingsEvent(T, '-BL', '-BL'));
  await inv.deliver(
    poEvent(T, [
      purchaseOrder('1', 'PO-A-BL', [line('1', 'flyer', 100), line('2', 'card', 50)], { txnDate: '2025-01-01' }),
      purchaseOrder('2', 'PO-B-BL', [line('1', 'flyer', 300)], { txnDate: '2025-01-05' }),
      purchaseOrder('3', 'PO-C-BL', [line('1', 'flyer', 100.5)], { txnDate: '2025-01-03', vendorName: 'Metro Print' }),
      purchaseOrder('4', 'PO-D', [line('1', 'flyer', 1000)], { txnDate: '2024-12-01' }),
      purchaseOrder('5', 'PO-E-BL', [line('1', 'flyer', 1000)], { txnDate: '2024-12-01', status: 'closed' }),
    ]),
  );
  // Oldest covering PO first: the order takes every flyer PO-A has.
  await inv.deliver(estimateEvent(T, [estimate('e1', 'EST-1-BL', [line('1', 'flyer', 100)])]));
  const [order] = (await inv.api(T).get('/api/sales-orders?search=EST-1-BL').expect(200)).body;
  expect(order.bulkPoId).toBeTruthy();
  orderId = order.id;
});
afterAll(() => inv.close());

async function picker(query = '', tenant = T) {
  const answer = await inv.api(tenant).get(`/api/purchase-orders/bulk/open${query}`).expect(200);
  return { total: Number(answer.headers['x-total-count']), numbers: answer.body.map((po: { poNumber: string }) => po.poNumber), rows: answer.body };
}

describe('the Bulk Purchase Order picker', () => {
  it('lists the open bulk POs with units left, oldest first, in the shape the form reads', async () => {
    const open = await picker();
    expect(open).toMatchObject({ total: 3, numbers: ['PO-A-BL', 'PO-C-BL', 'PO-B-BL'] });
    expect(open.rows[0]).toEqual({ id: expect.any(Number), poNumber: 'PO-A-BL', vendorName: 'Pinnacle Press', status: 'open', quantityRemaining: 50 });
  });

  it('keeps only the POs holding every needed item with enough left, an item named twice needing the sum', async () => {
    expect((await picker('?need=flyer:100')).numbers).toEqual(['PO-C-BL', 'PO-B-BL']);
    expect((await picker('?need=flyer:100.5')).numbers).toEqual(['PO-C-BL', 'PO-B-BL']);
    expect((await picker('?need=flyer:60,flyer:41')).numbers).toEqual(['PO-B-BL']);
    expect((await picker('?need=flyer:1,card:1')).numbers).toEqual([]);
    expect((await picker('?need=poster:1')).total).toBe(0);
  });

  it('counts what the order being edited draws as left on its own PO', async () => {
    const editing = await picker(`?need=flyer:100,card:1&holding=${orderId}`);
    expect(editing.numbers).toEqual(['PO-A-BL']);
    expect(editing.rows[0].quantityRemaining).toBe(150);
    expect((await picker(`?need=flyer:100&holding=${orderId}`)).numbers).toEqual(['PO-A-BL', 'PO-C-BL', 'PO-B-BL']);
    // One PO alone: does the broker's choice still cover the lines?
    const chosen = (await picker()).rows.find((po: { poNumber: string }) => po.poNumber === 'PO-A-BL').id;
    expect((await picker(`?id=${chosen}&need=flyer:100&holding=${orderId}`)).numbers).toEqual(['PO-A-BL']);
    expect((await picker(`?id=${chosen}&need=flyer:100`)).numbers).toEqual([]);
    // Another tenant's order id holds nothing here.
    expect((await picker(`?need=flyer:100&holding=${orderId}`, 't-picker-other')).numbers).toEqual([]);
  });

  it('searches PO number and vendor on the server and pages like every list', async () => {
    expect((await picker('?search=metro')).numbers).toEqual(['PO-C-BL']);
    expect((await picker('?search=po-b')).numbers).toEqual(['PO-B-BL']);
    expect(await picker('?limit=1&offset=1')).toMatchObject({ total: 3, numbers: ['PO-C-BL'] });
  });

  it.each([
    ['?need=flyer', 'need: must list item:units pairs, separated by commas'],
    ['?need=flyer:-1', 'need: must list item:units pairs, separated by commas'],
    ['?need=flyer:1.12345678', 'need: must list item:units pairs, separated by commas'],
    ['?holding=abc', 'holding: must be a sales order id'],
    ['?id=1.5', 'id: must be a purchase order id'],
    ['?need=a:1&need=b:2', 'need: '],
  ])('refuses %s naming the parameter', async (query, message) => {
    const refused = await inv.api(T).get(`/api/purchase-orders/bulk/open${query}`).expect(400);
    expect(refused.body.message).toContain(message);
  });
});

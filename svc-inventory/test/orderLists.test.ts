import { estimate, estimateEvent, line, poEvent, purchaseOrder, startInventory, type TestInventory } from './support/service.js';

const T = 't-lists';
const OTHER = 't-lists-other';
let inv: TestInventory;

const fillers = Array.from({ length: 12 }, (_, i) =>
  purchaseOrder(`${20 + i}`, `PO-3${String(i).padStart(2, '0')}`, [line('1', 'i1', 1)], { vendorName: 'Filler Co' }),
);

beforeAll(async () => {
  inv = await startInventory();
  await inv.deliver(
    poEvent(T, [
      purchaseOrder('1', 'PO-100-BL', [line('1', 'i1', 10)], { vendorName: 'Acme Print' }),
      purchaseOrder('2', 'PO-101', [line('1', 'i1', 10)], { vendorName: 'Globex Paper' }),
      purchaseOrder('3', 'PO-102-BL', [line('1', 'i1', 10)], { vendorName: 'Initech', status: 'closed' }),
      ...fillers,
    ]),
  );
  await inv.deliver(poEvent(OTHER, [purchaseOrder('1', 'PO-900-BL', [line('1', 'i1', 10)], { vendorName: 'Acme Print', status: 'closed' })]));
});
afterAll(() => inv.close());

async function list(path: string, tenantId = T): Promise<{ numbers: string[]; total: number }> {
  const res = await inv.api(tenantId).get(path).expect(200);
  return {
    numbers: res.body.map((row: { poNumber?: string; soNumber?: string }) => row.poNumber ?? row.soNumber),
    total: Number(res.headers['x-total-count']),
  };
}

describe('the purchase order list', () => {
  it('searches PO number, vendor and status, ignoring case', async () => {
    expect((await list('/api/purchase-orders?search=po-101')).numbers).toEqual(['PO-101']);
    expect((await list('/api/purchase-orders?search=GLOBEX')).numbers).toEqual(['PO-101']);
    expect((await list('/api/purchase-orders?search=Closed')).numbers).toEqual(['PO-102-BL']);
  });

  it('leaves closed orders out with includeClosed=false, going by the status the broker set', async () => {
    expect(await list('/api/purchase-orders?limit=1')).toMatchObject({ total: 15 });
    const open = await list('/api/purchase-orders?includeClosed=false&limit=100');
    expect(open.total).toBe(14);
    expect(open.numbers).not.toContain('PO-102-BL');

    const [globex] = (await inv.api(T).get('/api/purchase-orders?search=PO-101').expect(200)).body;
    await inv.api(T).setStatus(`/api/purchase-orders/${globex.id}`, { status: 'closed' }).expect(200);
    expect((await list('/api/purchase-orders?includeClosed=false&search=PO-10')).numbers).toEqual(['PO-100-BL']);
    expect((await list('/api/purchase-orders?includeClosed=true&search=PO-10')).total).toBe(3);
    await inv.api(T).setStatus(`/api/purchase-orders/${globex.id}`, { status: 'open' }).expect(200);
  });

  it('lists one type with poType, closed orders included', async () => {
    expect(await list('/api/purchase-orders?poType=BULK')).toEqual({ numbers: expect.arrayContaining(['PO-100-BL', 'PO-102-BL']), total: 2 });
    expect((await list('/api/purchase-orders?poType=BULK&includeClosed=false')).numbers).toEqual(['PO-100-BL']);
  });

  it('pages the matches, counting them all', async () => {
    const first = await list('/api/purchase-orders?search=filler&limit=5&offset=0');
    const last = await list('/api/purchase-orders?search=filler&limit=5&offset=10');
    expect(first).toMatchObject({ total: 12 });
    expect(first.numbers).toHaveLength(5);
    expect(last).toMatchObject({ total: 12 });
    expect(last.numbers).toHaveLength(2);
    expect(last.numbers.some((n) => first.numbers.includes(n))).toBe(false);
  });

  it('never lists another tenant’s orders', async () => {
    expect(await list('/api/purchase-orders?search=acme')).toEqual({ numbers: ['PO-100-BL'], total: 1 });
    expect(await list('/api/purchase-orders', OTHER)).toEqual({ numbers: ['PO-900-BL'], total: 1 });
    expect(await list('/api/purchase-orders?includeClosed=false', OTHER)).toEqual({ numbers: [], total: 0 });
  });

  it.each([
    ['includeClosed', 'includeClosed=yes'],
    ['poType', 'poType=bulk'],
    ['status', 'status=shipped'],
  ])('answers 400 naming %s for a value it does not know', async (parameter, query) => {
    const res = await inv.api(T).get(`/api/purchase-orders?${query}`).expect(400);
    expect(res.body.message).toMatch(new RegExp(`^${parameter}: `));
  });
});

describe('the sales order list', () => {
  beforeAll(async () => {
    await inv.deliver(
      estimateEvent(T, [
        estimate('100', 'EST-100-BL', [line('1', 'none', 1)], { customerName: 'Harbor Dental' }),
        estimate('101', 'EST-101-BL', [line('1', 'none', 1)], { customerName: 'Lakeside Realty', txnStatus: 'Rejected' }),
        estimate('102', 'EST-102-BL', [line('1', 'none', 1)], { customerName: 'Bayview Clinic' }),
      ]),
    );
    await inv.deliver(estimateEvent(OTHER, [estimate('100', 'EST-900-BL', [line('1', 'none', 1)], { customerName: 'Harbor Dental' })]));
  });

  it('searches SO number, customer and status, ignoring case, within the tenant', async () => {
    expect((await list('/api/sales-orders?search=est-102')).numbers).toEqual(['EST-102-BL']);
    expect((await list('/api/sales-orders?search=HARBOR')).numbers).toEqual(['EST-100-BL']);
    expect((await list('/api/sales-orders?search=cancelled')).numbers).toEqual(['EST-101-BL']);
  });

  it('pages the orders, counting them all', async () => {
    const all = await list('/api/sales-orders');
    const second = await list('/api/sales-orders?limit=1&offset=1');
    expect(all.total).toBe(3);
    expect(second).toEqual({ numbers: [all.numbers[1]], total: 3 });
  });
});

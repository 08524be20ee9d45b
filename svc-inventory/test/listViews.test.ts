import { estimate, estimateEvent, line, poEvent, purchaseOrder, startInventory, type TestInventory } from './support/service.js';
import { pendingTicket, seedCatalog } from './support/pullTicketFixtures.js';

const T = 't-list-views';
const OTHER = 't-list-views-other';
let inv: TestInventory;

/** Enough orders that an export needs several batches of its cursor (read/csvExport.ts reads 500 at a time). */
const MANY = 1_234;

beforeAll(async () => {
  inv = await startInventory();
  await inv.deliver(
    estimateEvent(T, [
      estimate('1', 'EST-001-BL', [line('1', 'none', 1, 80)], { customerName: 'Harbor Dental', txnDate: '2026-01-05' }),
      estimate('2', 'EST-002-BL', [line('1', 'none', 1, 15)], { customerName: 'Lakeside Realty', txnDate: '2026-02-10', txnStatus: 'Rejected' }),
      estimate('3', 'EST-003-BL', [line('1', 'none', 1, 42.5)], { customerName: '=HYPERLINK("http://x","Bayview, Clinic")', txnDate: '2026-03-15' }),
      estimate('4', 'EST-004-BL', [line('1', 'none', 1, 5)], { customerName: 'Harbor Dental', txnDate: '2026-03-20', txnStatus: 'Accepted' }),
    ]),
  );
  await inv.deliver(estimateEvent(OTHER, [estimate('1', 'EST-901-BL', [line('1', 'none', 1)], { customerName: 'Harbor Dental', txnDate: '2026-01-05' })]));
  await inv.deliver(
    poEvent(T, [
      purchaseOrder('1', 'PO-100-BL', [line('1', 'i1', 10)], { vendorName: 'Acme Print', txnDate: '2026-01-02' }),
      purchaseOrder('2', 'PO-101', [line('1', 'i1', 10)], { vendorName: 'Globex Paper', txnDate: '2026-02-02' }),
      purchaseOrder('3', 'PO-102-BL', [line('1', 'i1', 10)], { vendorName: 'Acme Print', txnDate: '2026-03-02', status: 'closed' }),
    ]),
  );
});
afterAll(() => inv.close());

async function numbers(path: string, tenantId = T): Promise<{ numbers: string[]; total: number }> {
  const res = await inv.api(tenantId).get(path).expect(200);
  return {
    numbers: res.body.map((row: { poNumber?: string; soNumber?: string; ptNumber?: string }) => row.ptNumber ?? row.poNumber ?? row.soNumber),
    total: Number(res.headers['x-total-count']),
  };
}

/** RFC 4180 records, as a spreadsheet reads the file. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      record.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i += 1;
    } else {
      cell += c;
    }
  }
  return records;
}

async function exported(path: string, tenantId = T) {
  const res = await inv.api(tenantId).get(path).set('Accept-Encoding', 'gzip').expect(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(res.text.startsWith('\uFEFF')).toBe(true);
  const [heading, ...records] = parseCsv(res.text.slice(1));
  return { heading: heading!, records, encoding: res.headers['content-encoding'] };
}

describe('filters and sort of the sales order list', () => {
  it('keeps one status, a customer and a date range, counting only what matches', async () => {
    expect(await numbers('/api/sales-orders?status=cancelled')).toEqual({ numbers: ['EST-002-BL'], total: 1 });
    expect(await numbers('/api/sales-orders?customer=harbor&sort=soNumber')).toEqual({ numbers: ['EST-001-BL', 'EST-004-BL'], total: 2 });
    expect(await numbers('/api/sales-orders?from=2026-02-01&to=2026-03-15&sort=orderDate')).toEqual({ numbers: ['EST-002-BL', 'EST-003-BL'], total: 2 });
    expect(await numbers('/api/sales-orders?customer=harbor&status=processing')).toEqual({ numbers: ['EST-004-BL'], total: 1 });
  });

  it('sorts by a column either way, and pages keep that order', async () => {
    expect((await numbers('/api/sales-orders?sort=totalAmount')).numbers).toEqual(['EST-004-BL', 'EST-002-BL', 'EST-003-BL', 'EST-001-BL']);
    expect((await numbers('/api/sales-orders?sort=-totalAmount')).numbers).toEqual(['EST-001-BL', 'EST-003-BL', 'EST-002-BL', 'EST-004-BL']);
    const pages = [];
    for (const offset of [0, 2]) pages.push(...(await numbers(`/api/sales-orders?sort=-customerName&limit=2&offset=${offset}`)).numbers);
    expect(pages).toEqual((await numbers('/api/sales-orders?sort=-customerName')).numbers);
  });

  it.each([
    ['sort', 'sort=price'],
    ['sort', 'sort=--soNumber'],
    ['status', 'status=shipped'],
    ['from', 'from=2026-02-30'],
    ['to', 'to=yesterday'],
    ['to', 'from=2026-03-01&to=2026-02-01'],
    ['customer', `customer=${'x'.repeat(201)}`],
  ])('answers 400 naming %s for %s', async (parameter, query) => {
    for (const path of ['/api/sales-orders', '/api/sales-orders/export.csv']) {
      const res = await inv.api(T).get(`${path}?${query}`).expect(400);
      expect(res.body.message).toMatch(new RegExp(`^${parameter}: `));
    }
  });
});

describe('filters and sort of the purchase order list', () => {
  it('keeps a vendor, a type and a date range, and sorts by the status the broker sees', async () => {
    expect(await numbers('/api/purchase-orders?vendor=ACME&sort=poNumber')).toEqual({ numbers: ['PO-100-BL', 'PO-102-BL'], total: 2 });
    expect(await numbers('/api/purchase-orders?vendor=acme&includeClosed=false')).toEqual({ numbers: ['PO-100-BL'], total: 1 });
    expect(await numbers('/api/purchase-orders?poType=STANDARD&from=2026-02-01&to=2026-02-28')).toEqual({ numbers: ['PO-101'], total: 1 });
    expect((await numbers('/api/purchase-orders?sort=-status')).numbers[0]).toBe('PO-101');
    expect((await numbers('/api/purchase-orders?sort=-poDate')).numbers).toEqual(['PO-102-BL', 'PO-101', 'PO-100-BL']);
  });
});

describe('the CSV export', () => {
  it('has every order the search and filters select, in the list’s order, with what the list shows', async () => {
    const list = (await inv.api(T).get('/api/sales-orders?customer=harbor&sort=-orderDate').expect(200)).body;
    const csv = await exported('/api/sales-orders/export.csv?customer=harbor&sort=-orderDate');
    expect(csv.heading).toEqual(expect.arrayContaining(['SO Number', 'Customer', 'Order Date', 'Status', 'Total Amount', 'QB Sync Error']));
    const column = (name: string) => csv.heading.indexOf(name);
    expect(csv.records.map((record) => record[column('SO Number')])).toEqual(['EST-004-BL', 'EST-001-BL']);
    expect(csv.records.map((record) => record[column('Total Amount')])).toEqual(list.map((order: { totalAmount: string }) => order.totalAmount));
    expect(csv.records[0]![column('Order Date')]).toBe('2026-03-20');
    expect(csv.records[0]![column('Status')]).toBe('processing');
  });

  it('keeps a customer’s commas and quotes in one cell, and a formula as text', async () => {
    const csv = await exported('/api/sales-orders/export.csv?search=EST-003');
    expect(csv.records).toHaveLength(1);
    expect(csv.records[0]![csv.heading.indexOf('Customer')]).toBe(`'=HYPERLINK("http://x","Bayview, Clinic")`);
  });

  it('is compressed when the browser takes gzip', async () => {
    expect((await exported('/api/sales-orders/export.csv')).encoding).toBe('gzip');
    const plain = await inv.api(T).get('/api/sales-orders/export.csv').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('never has another tenant’s orders', async () => {
    expect((await exported('/api/sales-orders/export.csv?customer=harbor', OTHER)).records.map((record) => record[0])).toEqual(['EST-901-BL']);
  });

  it('exports purchase orders as their list filters them', async () => {
    const csv = await exported('/api/purchase-orders/export.csv?vendor=acme&sort=poDate');
    const at = (name: string) => csv.heading.indexOf(name);
    expect(csv.records.map((record) => [record[at('PO Number')], record[at('PO Date')], record[at('Status')], record[at('Type')]])).toEqual([
      ['PO-100-BL', '2026-01-02', 'open', 'BULK'],
      ['PO-102-BL', '2026-03-02', 'closed', 'BULK'],
    ]);
  });

  it('exports pull tickets as their list filters them', async () => {
    const tenant = 't-list-views-tickets';
    await seedCatalog(inv, tenant);
    const first = await pendingTicket(inv, tenant);
    const second = await pendingTicket(inv, tenant);
    await inv.api(tenant).edit(`/api/pull-tickets/${second.id}`, { status: 'cancelled' }).expect(200);
    expect(await numbers('/api/pull-tickets?status=pending', tenant)).toEqual({ numbers: [first.ptNumber], total: 1 });
    expect((await numbers('/api/pull-tickets?sort=ptNumber', tenant)).numbers).toEqual([first.ptNumber, second.ptNumber]);
    const csv = await exported('/api/pull-tickets/export.csv?status=cancelled', tenant);
    expect(csv.records.map((record) => [record[csv.heading.indexOf('Ticket #')], record[csv.heading.indexOf('Total Qty')]])).toEqual([
      [second.ptNumber, '750'],
    ]);
  });

  it('exports and sorts the catalog lists too: items by price, customers with their whole address', async () => {
    const tenant = 't-list-views-catalog';
    await seedCatalog(inv, tenant);
    const items = (await inv.api(tenant).get('/api/items?sort=-unitPrice').expect(200)).body.map((item: { name: string }) => item.name);
    expect(items).toEqual(['Business card', 'Flyer A5']);
    const itemCsv = await exported('/api/items/export.csv?sort=unitPrice', tenant);
    expect(itemCsv.records.map((record) => [record[itemCsv.heading.indexOf('Name')], record[itemCsv.heading.indexOf('Unit Price')]])).toEqual([
      ['Flyer A5', '0.2'],
      ['Business card', '0.5'],
    ]);
    const customerCsv = await exported('/api/customers/export.csv?search=acme', tenant);
    const [acme] = (await inv.api(tenant).get('/api/customers?search=acme').expect(200)).body;
    expect(customerCsv.records.map((record) => [record[0], record[customerCsv.heading.indexOf('Address')]])).toEqual([['Acme Marketing', acme.address]]);
    expect(acme.address).toContain(',');
  });

  it('streams a list longer than one batch whole: every order once, in order', async () => {
    const tenant = 't-list-views-many';
    const orders = Array.from({ length: MANY }, (_, i) =>
      estimate(`m${i}`, `EST-M${String(i).padStart(4, '0')}-BL`, [line('1', 'none', 1, i + 1)], { customerName: i % 2 ? 'Odd Co' : 'Even Co' }),
    );
    for (let i = 0; i < orders.length; i += 400) await inv.deliver(estimateEvent(tenant, orders.slice(i, i + 400)));
    const all = await exported('/api/sales-orders/export.csv?sort=soNumber', tenant);
    expect(all.records.map((record) => record[0])).toEqual(orders.map((order) => order.docNumber));
    const odd = await exported('/api/sales-orders/export.csv?customer=odd', tenant);
    expect(odd.records).toHaveLength(MANY / 2);
    expect(new Set(odd.records.map((record) => record[0])).size).toBe(MANY / 2);
  });
});

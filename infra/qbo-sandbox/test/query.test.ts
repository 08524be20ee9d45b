import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startSandbox, type IntuitFault, type Running } from './support.js';

let running: Running;
beforeAll(async () => {
  running = await startSandbox({ companies: [{ seed: 21, scale: 12, companyName: 'Northwind Print Brokers' }] });
});
afterAll(() => running.stop());

describe('query language', () => {
  it('answers SELECT * with the QueryResponse envelope, default 100 rows in Id order', async () => {
    const { status, body } = await running.query('SELECT * FROM Customer');
    expect(status).toBe(200);
    expect(body.QueryResponse.startPosition).toBe(1);
    expect(body.QueryResponse.maxResults).toBe(100);
    const ids = body.QueryResponse.Customer!.map((c) => Number(c.Id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(typeof body.time).toBe('string');
  });

  it('counts with count(*) and pages through 1000-row pages', async () => {
    const count = (await running.query('select count(*) from Estimate')).body.QueryResponse.totalCount;
    expect(count).toBe(816);
    const seen = new Set<string>();
    for (let start = 1; ; start += 1000) {
      const page = (await running.query(`select * from Estimate STARTPOSITION ${start} MAXRESULTS 1000`)).body.QueryResponse;
      if (!page.Estimate) break;
      expect(page.maxResults).toBe(page.Estimate.length);
      for (const estimate of page.Estimate) seen.add(estimate.Id);
    }
    expect(seen.size).toBe(816);
  });

  it('omits the entity key when nothing matches', async () => {
    const { body } = await running.query("select * from Customer where DisplayName = 'Nobody At All'");
    expect(body.QueryResponse).toEqual({});
  });

  it('supports =, <, >, <=, >=, IN and LIKE', async () => {
    const all = (await running.query('select * from Item maxresults 1000')).body.QueryResponse.Item!;
    const first = all[0]!;
    expect((await running.query(`select * from Item where Name = '${first.Name.replace(/'/g, "\\'")}'`)).body.QueryResponse.Item![0]!.Id).toBe(first.Id);
    const lt = (await running.query('select * from Item where UnitPrice < 1 maxresults 1000')).body.QueryResponse.Item!;
    expect(lt.every((i) => i.UnitPrice < 1)).toBe(true);
    const gt = (await running.query('select * from Item where UnitPrice > 1 maxresults 1000')).body.QueryResponse.Item!;
    expect(gt.every((i) => i.UnitPrice > 1)).toBe(true);
    const le = (await running.query('select count(*) from Item where Id <= 5')).body.QueryResponse.totalCount;
    expect(le).toBeLessThanOrEqual(5);
    const ge = (await running.query("select * from Estimate where TxnDate >= '2000-01-01' maxresults 10")).body.QueryResponse.Estimate;
    expect(ge).toHaveLength(10);
    const inList = (await running.query("select * from Item where Id IN ('1', '3', '5')")).body.QueryResponse.Item!.map((i) => i.Id);
    expect(inList).toEqual(['1', '3', '5']);
    const like = (await running.query("select * from Item where Name LIKE '%Envelopes%' maxresults 1000")).body.QueryResponse.Item!;
    expect(like.length).toBeGreaterThan(0);
    expect(like.every((i) => /envelopes/i.test(i.Name))).toBe(true);
    const bulk = (await running.query("select * from PurchaseOrder where DocNumber LIKE '%-BL' maxresults 1000")).body.QueryResponse.PurchaseOrder!;
    expect(bulk.every((po) => po.DocNumber.endsWith('-BL'))).toBe(true);
    const byStatus = (await running.query("select * from Estimate where TxnStatus = 'Accepted' AND CustomerRef = '3'")).body.QueryResponse.Estimate ?? [];
    expect(byStatus.every((e) => e.TxnStatus === 'Accepted' && e.CustomerRef.value === '3')).toBe(true);
  });

  it('orders with ORDERBY ASC and DESC', async () => {
    const desc = (await running.query('select * from Customer orderby DisplayName desc maxresults 20')).body.QueryResponse.Customer!.map((c) =>
      c.DisplayName.toLowerCase(),
    );
    expect(desc).toEqual([...desc].sort().reverse());
    const idDesc = (await running.query('select * from Vendor ORDERBY Id DESC MAXRESULTS 3')).body.QueryResponse.Vendor!.map((v) => Number(v.Id));
    expect(idDesc[0]).toBeGreaterThan(idDesc[2]!);
  });

  it('filters by Metadata.LastUpdatedTime through the time index', async () => {
    const { sandbox, realmId } = running;
    const since = new Date(sandbox.clock.now() + 1000).toISOString();
    sandbox.clock.advance(5000);
    sandbox.admin.update(realmId, 'Customer', '2', { Notes: 'changed' });
    const { body } = await running.query(`select * from Customer where Metadata.LastUpdatedTime > '${since}'`);
    expect(body.QueryResponse.Customer!.map((c) => c.Id)).toEqual(['2']);
    const ordered = (
      await running.query("select * from Customer where MetaData.LastUpdatedTime >= '2000-01-01T00:00:00Z' orderby MetaData.LastUpdatedTime desc maxresults 1")
    ).body;
    expect(ordered.QueryResponse.Customer![0]!.Id).toBe('2');
  });

  it('hides inactive customers unless the query mentions Active', async () => {
    const { sandbox, realmId } = running;
    sandbox.admin.update(realmId, 'Customer', '4', { Active: false });
    const active = (await running.query("select * from Customer where Id = '4'")).body.QueryResponse;
    expect(active).toEqual({});
    const both = (await running.query("select * from Customer where Id = '4' and Active IN (true, false)")).body.QueryResponse;
    expect(both.Customer![0]!.Active).toBe(false);
  });

  it('answers parse and validation errors with Fault 4000 / 4001', async () => {
    const parse = await running.query<IntuitFault>('SELECT * FORM Customer');
    expect(parse.status).toBe(400);
    expect(parse.body.Fault.type).toBe('ValidationFault');
    expect(parse.body.Fault.Error[0]).toEqual(
      expect.objectContaining({ code: '4000', Message: 'Error parsing query', Detail: expect.stringContaining('QueryParserError: Encountered') }),
    );
    const property = await running.query<IntuitFault>('SELECT * FROM Customer WHERE Shoe = 1');
    expect(property.body.Fault.Error[0]).toEqual(
      expect.objectContaining({ code: '4001', Detail: 'QueryValidationError: Property Shoe not found for Entity Customer' }),
    );
    const or = await running.query<IntuitFault>("SELECT * FROM Customer WHERE Id = '1' OR Id = '2'");
    expect(or.body.Fault.Error[0]!.code).toBe('4000');
  });
});

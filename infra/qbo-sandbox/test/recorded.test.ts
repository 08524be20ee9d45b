import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync, readdirSync } from 'node:fs';
import { INTUIT_FIXTURES_DIR, loadRecordedEntities, type RecordedEntities } from '../src/index.js';
import { readJson, startSandbox, type Running } from './support.js';

type Obj = Record<string, unknown>;

/**
 * A company of records transcribed from public recordings of QuickBooks Online (fixtures/intuit)
 * answers them as Intuit did: nothing recomputed, so what a client syncs is what real books hold.
 */
describe('a company of recorded Intuit records', () => {
  let running: Running;
  let records: RecordedEntities;
  const recordedRealm = '4620816365000000002';

  beforeAll(async () => {
    records = loadRecordedEntities();
    running = await startSandbox({ companies: [{ seed: 0, realmId: recordedRealm, companyName: 'Sandbox Company_US_1', records }] });
  });
  afterAll(() => running.stop());

  it('names where every fixture comes from and what was adapted', () => {
    const files = readdirSync(INTUIT_FIXTURES_DIR).filter((name) => name.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const file of files) {
      const content = JSON.parse(readFileSync(`${INTUIT_FIXTURES_DIR}/${file}`, 'utf8')) as Obj;
      expect({ file, source: Boolean(content.source), adapted: Array.isArray(content.adapted) }).toEqual({ file, source: true, adapted: true });
    }
  });

  it('answers every recorded object exactly as recorded, by read and by query', async () => {
    for (const [entity, list] of Object.entries(records) as [string, Obj[]][]) {
      // Name lists hide inactive records unless the query mentions Active, as at Intuit.
      const active = ['Customer', 'Vendor', 'Item'].includes(entity) ? ' where Active in (true, false)' : '';
      const { status, body } = await running.query<{ QueryResponse: Record<string, Obj[]> }>(`select * from ${entity}${active} maxresults 1000`);
      expect(status).toBe(200);
      expect((body.QueryResponse[entity] ?? []).map((each) => each.Id)).toEqual(list.map((each) => each.Id).sort((a, b) => Number(a) - Number(b)));
    }
    const bundle = await readJson<{ Estimate: Obj }>(await running.api('/estimate/186'));
    expect(bundle.Estimate).toEqual({ domain: 'QBO', sparse: false, ...records.Estimate!.find((each) => each.Id === '186') });
    // As Intuit recorded it: the group line's own Amount is 0, its components keep seven decimals.
    const group = (bundle.Estimate.Line as Obj[])[0] as { Amount: number; GroupLineDetail: { Line: { SalesItemLineDetail: { UnitPrice: number } }[] } };
    expect(group.Amount).toBe(0);
    expect(group.GroupLineDetail.Line.map((line) => line.SalesItemLineDetail.UnitPrice)).toEqual([0.5306667, 0.1104167]);
  });

  it('loads a recorded company through the admin API too', async () => {
    const realmId = '4620816365000000003';
    const created = await fetch(`${running.baseUrl}/admin/companies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seed: 0, realmId, companyName: 'Recorded', records: { Estimate: records.Estimate, Customer: records.Customer } }),
    });
    expect(created.status).toBe(201);
    expect(await readJson<Obj>(created)).toMatchObject({
      realmId,
      counts: { Estimate: records.Estimate!.length, Customer: records.Customer!.length, Item: 0 },
    });
    const refused = await fetch(`${running.baseUrl}/admin/companies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seed: 0, records: { Estimate: [{ DocNumber: 'no id' }] } }),
    });
    expect(refused.status).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CLIENT, readJson, startSandbox, type EntityResponse, type IntuitFault, type QueryResult, type Running } from './support.js';

let running: Running;
beforeAll(async () => {
  // Room for the thousand-request test below inside the per-realm rate limit.
  running = await startSandbox({ limits: { requestsPerMinute: 100_000, concurrentRequests: 50 } });
});
afterAll(() => running.stop());

const post = (path: string, requestId: string, body: unknown) =>
  running.api(`${path}?requestid=${encodeURIComponent(requestId)}&minorversion=75`, { method: 'POST', body: JSON.stringify(body) });

async function customersNamed(name: string): Promise<number> {
  const { body } = await running.query<QueryResult>(`select count(*) from Customer where DisplayName = '${name}'`);
  return body.QueryResponse.totalCount ?? 0;
}

describe('requestid', () => {
  it('answers a repeated create with the first answer instead of creating again', async () => {
    const first = await post('/customer', 'create-1', { DisplayName: 'Idempotent Print Co' });
    expect(first.status).toBe(200);
    const firstBody = await first.text();
    // A retry whose body differs still gets the first answer: Intuit matches on the id alone.
    const again = await post('/customer', 'create-1', { DisplayName: 'Idempotent Print Co (retry)' });
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(firstBody);
    expect(await customersNamed('Idempotent Print Co')).toBe(1);
    expect(await customersNamed('Idempotent Print Co (retry)')).toBe(0);

    const fresh = await post('/customer', 'create-2', { DisplayName: 'Idempotent Print Co (retry)' });
    expect(fresh.status).toBe(200);
    expect(await customersNamed('Idempotent Print Co (retry)')).toBe(1);
  });

  it('does not apply a repeated update twice', async () => {
    const customer = (await readJson<EntityResponse<'Customer'>>(await post('/customer', 'update-base', { DisplayName: 'Twice Updated Print' }))).Customer;
    const body = { Id: customer.Id, SyncToken: customer.SyncToken, sparse: true, CompanyName: 'Twice' };
    const first = (await readJson<EntityResponse<'Customer'>>(await post('/customer', 'update-1', body))).Customer;
    const again = await post('/customer', 'update-1', body);
    expect(again.status).toBe(200);
    expect((await readJson<EntityResponse<'Customer'>>(again)).Customer.SyncToken).toBe(first.SyncToken);
    const stored = (await readJson<EntityResponse<'Customer'>>(await running.api(`/customer/${customer.Id}`))).Customer;
    expect(stored.SyncToken).toBe(first.SyncToken);
    // Without the request id the same body is a stale update.
    const stale = await running.api(`/customer`, { method: 'POST', body: JSON.stringify(body) });
    expect((await readJson<IntuitFault>(stale)).Fault.Error[0]!.code).toBe('5010');
  });

  it('gives concurrent repeats the one answer of a single write', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => post('/customer', 'concurrent-1', { DisplayName: 'Concurrent Print Co' })));
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(bodies).size).toBe(1);
    expect(await customersNamed('Concurrent Print Co')).toBe(1);
  });

  it('judges a retry of a refused request afresh', async () => {
    const refused = await post('/customer', 'fix-me', { DisplayName: 'Colon:Print' });
    expect(refused.status).toBe(400);
    const fixed = await post('/customer', 'fix-me', { DisplayName: 'Colon Print' });
    expect(fixed.status).toBe(200);
    expect(await customersNamed('Colon Print')).toBe(1);
  });

  it('keeps request ids per company', async () => {
    const { sandbox, baseUrl } = running;
    const other = sandbox.admin.companies()[1]!.realmId;
    const token = sandbox.admin.issueTokens(CLIENT.clientId, other).access_token;
    const answer = await fetch(`${baseUrl}/v3/company/${other}/customer?requestid=create-1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ DisplayName: 'Second Company Print Co' }),
    });
    expect((await readJson<EntityResponse<'Customer'>>(answer)).Customer.DisplayName).toBe('Second Company Print Co');
  });

  it('forgets the oldest ids once a company has a thousand newer ones', async () => {
    await post('/customer', 'oldest', { DisplayName: 'Oldest Request Print' });
    for (let i = 0; i < 1000; i += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, j) => post('/vendor', `filler-${i + j}`, { DisplayName: `Filler Mill ${i + j}` })));
    }
    // Long forgotten: the same id now creates what its body says.
    const replayed = await post('/customer', 'oldest', { DisplayName: 'Oldest Request Print, again' });
    expect(replayed.status).toBe(200);
    expect(await customersNamed('Oldest Request Print, again')).toBe(1);
    // Recent ids are still answered from memory.
    const recent = await post('/customer', 'filler-999', { DisplayName: 'Never Created Print' });
    expect(await recent.text()).toContain('Filler Mill 999');
    expect(await customersNamed('Never Created Print')).toBe(0);
  });
});

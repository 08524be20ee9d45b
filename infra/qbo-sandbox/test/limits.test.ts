import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { readJson, startSandbox, type IntuitFault, type Running } from './support.js';

let running: Running;
beforeAll(async () => {
  running = await startSandbox({ scale: 0.2, limits: { requestsPerMinute: 5, concurrentRequests: 2 } });
});
afterAll(() => running.stop());
beforeEach(() => running.sandbox.clock.advance(61_000));

describe('throttling and injected faults', () => {
  it('answers 429 with Intuit throttle body past the per-minute limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await running.api('/customer/1')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const throttled = await running.api('/customer/1');
    expect(throttled.headers.get('content-type')).toContain('xml');
    expect(await throttled.text()).toContain('message=ThrottleExceeded; errorCode=003001; statusCode=429');
  });

  it('limits concurrent requests per realm', async () => {
    running.sandbox.admin.injectFault({ realmId: running.realmId, kind: 'latency', latencyMs: 300, count: 3 });
    const statuses = await Promise.all([0, 1, 2].map(() => running.api('/customer/1').then((r) => r.status)));
    expect(statuses.sort()).toEqual([200, 200, 429]);
  });

  it('injects 5xx, 429 and latency on demand through the admin API', async () => {
    const admin = (body: unknown) =>
      fetch(`${running.baseUrl}/admin/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await admin({ realmId: running.realmId, kind: '5xx', status: 503 })).status).toBe(204);
    const failed = await running.api('/customer/1');
    expect(failed.status).toBe(503);
    expect((await readJson<IntuitFault>(failed)).Fault).toEqual(
      expect.objectContaining({ type: 'SystemFault', Error: [expect.objectContaining({ code: '10000' })] }),
    );
    expect((await running.api('/customer/1')).status).toBe(200);
    await admin({ realmId: running.realmId, kind: '429' });
    expect((await running.api('/customer/1')).status).toBe(429);
    running.sandbox.clock.advance(61_000);
    await admin({ realmId: running.realmId, kind: 'latency', latencyMs: 250 });
    const started = Date.now();
    expect((await running.api('/customer/1')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    await admin({ realmId: running.realmId, kind: 'expire-token' });
    expect((await running.api('/customer/1')).status).toBe(401);
  });
});

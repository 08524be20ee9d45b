import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { QboOAuth } from '../src/qbo/qboOAuth.js';
import { answered, startHarness, type Harness } from './support.js';

/** QuickBooks that takes the request and stays silent: each request must end at QBO_TIMEOUT_MS, not hold the sync for good. */
describe('a sync against a QuickBooks that stops answering', () => {
  let h: Harness;
  const tenant = 'tenant-hung-qbo';

  beforeAll(async () => {
    h = await startHarness({
      sandbox: { companies: [{ seed: 5, scale: 1, companyName: 'Silent Print Co' }] },
      env: { QBO_TIMEOUT_MS: '300', QBO_RETRY_BASE_MS: '10' },
    });
    await h.connect(tenant);
  });
  afterAll(() => h.stop());

  it('fails the run within seconds, saying QuickBooks did not answer in time', async () => {
    const realmId = h.sandbox.admin.companies()[0]!.realmId;
    // Requests given up on stay in flight at QuickBooks until it answers; its limit on them must not turn the silence into 429s.
    h.sandbox.admin.setLimits({ concurrentRequests: 1_000 });
    h.sandbox.admin.injectFault({ realmId, kind: 'latency', latencyMs: 1_000, count: 1_000 });
    try {
      const started = Date.now();
      const run = answered(await h.route(tenant, 'post /api/quickbooks/sync', { query: { mode: 'full', wait: 'true' } }), 200);
      expect(run).toMatchObject({ status: 'failed', error: expect.stringMatching(/did not answer within 300 ms/) });
      // Six attempts of 300 ms and their backoff, not the second QuickBooks takes over each answer.
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      h.sandbox.admin.clearFaults(realmId);
    }
  }, 60_000);
});

describe("QuickBooks' token endpoint, hung", () => {
  it('gives up on a token refresh at QBO_TIMEOUT_MS with an error saying so', async () => {
    const connections: Socket[] = [];
    const hung = createServer((socket) => void connections.push(socket));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    try {
      const oauth = new QboOAuth({
        clientId: 'client',
        clientSecret: 'secret',
        environment: 'sandbox',
        redirectUri: 'http://127.0.0.1/callback',
        baseUrl: `http://127.0.0.1:${(hung.address() as AddressInfo).port}`,
        timeoutMs: 300,
      });
      const started = Date.now();
      await expect(oauth.refresh('refresh-token')).rejects.toThrow('QuickBooks network: did not answer the token request within 300 ms');
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      for (const socket of connections) socket.destroy();
      hung.close();
    }
  });
});

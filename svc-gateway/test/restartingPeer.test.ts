import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createLogger } from '@printpool/service-kit';
import { createEchoService } from './support/echoService.js';
import { ORIGIN, signedInAgent, startGateway, type TestGateway } from './support/gateway.js';

// A service restarting refuses connections for a moment (docs/operations.md, Replicas): a call
// that reads nothing is sent once more after a short wait and answered, a change is never sent
// twice, and each failed forward is logged with the service, the peer and the cause.
describe('forwarding to a service that is restarting', () => {
  const echo = createEchoService();
  let server: Server;
  let port: number;
  let gateway: TestGateway;
  const logged: { msg: string; service?: string; peer?: string; cause?: string; method?: string }[] = [];
  const logger = createLogger(
    'gateway-test',
    'warn',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(JSON.parse(chunk.toString()));
        done();
      },
    }),
  );

  const start = () =>
    new Promise<void>((resolve) => {
      server = createServer(echo.listener);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));

  beforeAll(async () => {
    server = createServer(echo.listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
    gateway = await startGateway({ upstreamRetryWaitMs: 400 }, { services: { inventory: `http://127.0.0.1:${port}` }, logger });
  });
  afterAll(async () => {
    await gateway.close();
    server.close();
  });

  it('answers a read the service missed while it came back, and logs the miss', async () => {
    const agent = await signedInAgent(gateway, 'restart-reader@example.com');
    await stop();
    setTimeout(() => void start(), 100);
    const before = echo.calls.length;
    await agent.get('/api/items').expect(200);
    expect(echo.calls.slice(before)).toEqual([{ method: 'GET', url: '/api/items' }]);
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'forwarded call failed', service: 'inventory', peer: `http://127.0.0.1:${port}`, cause: 'ECONNREFUSED', method: 'GET' }),
    );
  });

  it('never sends a change twice: it answers 502 and logs why', async () => {
    const agent = await signedInAgent(gateway, 'restart-writer@example.com');
    await stop();
    const before = echo.calls.length;
    setTimeout(() => void start(), 100);
    await agent.post('/api/purchase-orders/1/status').set('Origin', ORIGIN).send({ status: 'closed' }).expect(502);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(echo.calls.length).toBe(before);
    expect(logged.filter((entry) => entry.method === 'POST' && entry.cause === 'ECONNREFUSED')).toHaveLength(1);
  });
});

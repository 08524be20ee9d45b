import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { createRouter, createServiceApp } from './app.js';
import { createServiceClient } from './serviceClient.js';
import { notFound } from './errors.js';
import { createLogger } from '../logger.js';

const secret = 'peer-secret-with-enough-entropy';
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const router = createRouter('/api');
  router.get('/orders/:id', (ctx) => {
    if (ctx.params.id !== '7') throw notFound('Sales order');
    ctx.body = { id: 7, tenantId: ctx.state.caller.tenantId };
  });
  router.post('/echo', (ctx) => {
    ctx.body = { received: ctx.request.body };
  });
  const internal = createRouter('/api/internal/orders');
  internal.post('/:id/mark-sent', (ctx) => {
    ctx.body = { marked: ctx.params.id, by: ctx.state.callingService };
  });
  const app = createServiceApp({
    name: 'peer',
    logger: createLogger('peer', 'silent'),
    routers: [router],
    internalRouters: [internal],
    internalTokenSecret: secret,
  });
  server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const caller = { tenantId: 'tenant-a', userId: 'user-a' };

describe('createServiceClient', () => {
  it('calls a peer as the tenant, with JSON both ways', async () => {
    const client = createServiceClient({ from: 'svc-caller', to: 'svc-peer', baseUrl, secret });
    await expect(client.json(caller, 'GET', '/api/orders/7')).resolves.toEqual({ status: 200, body: { id: 7, tenantId: 'tenant-a' } });
    await expect(client.json(caller, 'POST', '/api/echo', { qty: 3 })).resolves.toEqual({ status: 200, body: { received: { qty: 3 } } });
  });

  it("reaches the peer's internal routes as itself", async () => {
    const client = createServiceClient({ from: 'svc-caller', to: 'svc-peer', baseUrl, secret });
    await expect(client.json(caller, 'POST', '/api/internal/orders/7/mark-sent', {})).resolves.toEqual({
      status: 200,
      body: { marked: '7', by: 'svc-caller' },
    });
  });

  it("carries the peer's status and message on failure", async () => {
    const client = createServiceClient({ from: 'svc-caller', to: 'svc-peer', baseUrl, secret });
    await expect(client.json(caller, 'GET', '/api/orders/8')).rejects.toMatchObject({ status: 404, message: 'Sales order not found' });
  });

  it('is refused by a peer that does not share the secret', async () => {
    const client = createServiceClient({ from: 'svc-caller', to: 'svc-peer', baseUrl, secret: 'another-secret' });
    await expect(client.json(caller, 'GET', '/api/orders/7')).rejects.toMatchObject({ status: 401 });
  });

  it('answers 502 when the peer is down and 503 when it is not configured', async () => {
    await expect(
      createServiceClient({ from: 'svc-caller', to: 'svc-peer', baseUrl: 'http://127.0.0.1:9', secret }).json(caller, 'GET', '/x'),
    ).rejects.toMatchObject({ status: 502 });
    await expect(createServiceClient({ from: 'svc-caller', to: 'svc-peer', baseUrl: undefined, secret }).json(caller, 'GET', '/x')).rejects.toMatchObject({
      status: 503,
    });
  });

  it('gives up on a peer that accepts the call and never answers, saying so, within its timeout', async () => {
    // A peer hung mid-request: the connection is taken, no answer ever comes.
    const connections: Socket[] = [];
    const hung = createNetServer((socket) => void connections.push(socket));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    try {
      const client = createServiceClient({
        from: 'svc-caller',
        to: 'svc-peer',
        baseUrl: `http://127.0.0.1:${(hung.address() as AddressInfo).port}`,
        secret,
        timeoutMs: 300,
      });
      const started = Date.now();
      await expect(client.json(caller, 'GET', '/api/orders/7')).rejects.toMatchObject({
        status: 504,
        code: 'GATEWAY_TIMEOUT',
        message: 'svc-peer did not answer within 300 ms',
      });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      for (const socket of connections) socket.destroy();
      hung.close();
    }
  });
});

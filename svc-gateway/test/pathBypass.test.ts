import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createEchoService, type EchoService } from './support/echoService.js';
import { ORIGIN, sessionCookie, startGateway, type TestGateway } from './support/gateway.js';

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

/** Sends `path` exactly as written: fetch and URL would normalise it first (docs/architecture.md §3). */
function sendRaw(base: string, method: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, method, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? JSON.stringify({ customerEmail: 'anyone@elsewhere.test', body: 'Pay here', syncStatus: 'synced', qbId: '999' }) : undefined);
  });
}

// Each path names a public or signed-in route to the gateway's route table and an internal route once read as a URL.
const BYPASSES = [
  ['POST', '/api/email-logs/..\\internal\\notifications\\shipment'],
  ['POST', '/api/pull-tickets/..\\..\\api\\internal\\pull-tickets\\1\\mark-sent'],
  ['POST', '/api/sales-orders/..\\..\\api\\internal\\sales-orders\\1\\sync-result'],
  ['POST', '/api/sales-orders/..\\..\\api\\inventory\\reconcile'],
  ['POST', '/api/email-logs/%2e%2e/internal/notifications/shipment'],
  ['POST', '/api/email-logs/%2E%2E%2Finternal%2Fnotifications%2Fshipment'],
  ['POST', '/api/email-logs/..%5cinternal%5cnotifications%5cshipment'],
  ['POST', '/api/email-logs/../internal/notifications/shipment'],
  ['POST', '/api/quickbooks/webhook/..\\..\\internal\\sales-orders\\1\\sync-result'],
  ['GET', '/api/items/./../internal/anything'],
  ['GET', '/api//internal/pull-tickets/1'],
] as const;

describe('paths that read as another path once normalised', () => {
  let echo: EchoService;
  let service: Server;
  let gateway: TestGateway;
  let gatewayServer: Server;
  let base: string;
  let cookie: string;

  beforeAll(async () => {
    echo = createEchoService();
    service = createServer(echo.listener);
    const target = await listen(service);
    gateway = await startGateway({}, { services: { inventory: target, sync: target, documents: target } });
    gatewayServer = createServer(gateway.callback);
    base = await listen(gatewayServer);
    const signIn = await request(gateway.callback).post('/api/dev-login').set('Origin', ORIGIN).send({ email: 'bypass@example.com' }).expect(200);
    cookie = sessionCookie(signIn)!.split(';')[0]!;
  });
  afterAll(async () => {
    await new Promise((resolve) => gatewayServer.close(resolve));
    await gateway.close();
    await new Promise((resolve) => service.close(resolve));
  });

  it.each(BYPASSES)('%s %s answers 400 and reaches no service', async (method, path) => {
    const before = echo.calls.length;
    const res = await sendRaw(base, method, path, { cookie, origin: ORIGIN, 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^The request path has /), details: { field: 'path' } });
    expect(echo.calls.length).toBe(before);
  });

  it('still forwards the same routes when they are written plainly', async () => {
    const res = await sendRaw(base, 'GET', '/api/items?search=a%2Fb', { cookie });
    expect(res.status).toBe(200);
    expect(echo.calls.at(-1)).toEqual({ method: 'GET', url: '/api/items?search=a%2Fb' });
  });
});

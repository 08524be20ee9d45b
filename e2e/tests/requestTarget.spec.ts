import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { baseURL, e2ePort } from '../support/env.js';
import { uniqueEmail } from '../support/session.js';

/** Sends the request line as written (node:http keeps an absolute or //host path as it is): what a browser never sends, a script can. */
function sendRaw(method: string, target: string, headers: Record<string, string>): Promise<{ status: number; code?: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port: e2ePort, method, path: target, headers: { ...headers, connection: 'close' }, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, code: res.headers['content-type']?.includes('json') ? JSON.parse(body).code : undefined }));
    });
    outgoing.on('error', reject);
    outgoing.end(['GET', 'DELETE'].includes(method) ? undefined : '{}');
  });
}

test.describe('the gateway forwards only to its own services (distributed mode)', () => {
  let foreign: Server;
  const reached: string[] = [];

  test.beforeAll(async () => {
    foreign = createServer((req, res) => {
      reached.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"foreign":true}');
    });
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  });
  test.afterAll(() => new Promise<void>((resolve) => foreign.close(() => resolve())));

  test('a request target naming another host reaches nothing there on any public route, signed in or out', async ({ playwright }) => {
    const api = await playwright.request.newContext({ baseURL });
    const signIn = await api.post('/api/dev-login', { data: { email: uniqueEmail('target') }, headers: { origin: baseURL } });
    expect(signIn.ok()).toBeTruthy();
    const cookie = (await api.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    // Every route the gateway documents, each path parameter filled in.
    const document = (await (await api.get('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const calls = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1') })),
    );
    expect(calls.length).toBeGreaterThan(30);
    const host = `127.0.0.1:${(foreign.address() as AddressInfo).port}`;

    const wrong: string[] = [];
    for (const headers of [{ origin: baseURL }, { origin: baseURL, cookie }] as Record<string, string>[]) {
      for (const { method, path } of calls) {
        for (const target of [`http://${host}${path}?x=1`, `https://${host}${path}`, `//${host}${path}`]) {
          const answer = await sendRaw(method, target, { ...headers, 'content-type': 'application/json' });
          if (answer.status !== 400 || answer.code !== 'BAD_REQUEST') wrong.push(`${method} ${target}: ${answer.status} ${answer.code}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(reached).toEqual([]);
    // A Host this deployment does not serve is refused too, before any route.
    expect(await sendRaw('GET', '/api/auth/user', { host: 'attacker.example', cookie })).toEqual({ status: 400, code: 'BAD_REQUEST' });
    await api.dispose();
  });
});

import { createServer, type RequestListener, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import request from 'supertest';
import { DEFAULT_ROUTE_TABLE } from '../src/domain/routeTable.js';
import type { ServiceTargets } from '../src/proxy/targets.js';
import { createEchoService, type EchoService } from './support/echoService.js';
import { ORIGIN, sessionCookie, startGateway, type TestGateway } from './support/gateway.js';

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** Writes the request line and headers byte for byte on a socket: no client library gets to rewrite the target. */
function sendRaw(port: number, method: string, target: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (raw += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), body });
    });
    const payload = method === 'POST' ? '{}' : '';
    const lines = [
      `${method} ${target} HTTP/1.1`,
      ...Object.entries({ ...headers, connection: 'close', 'content-length': String(payload.length) }).map(([k, v]) => `${k}: ${v}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n${payload}`);
  });
}

/** One concrete path for every entry of the route table: each route family the gateway forwards. */
const FAMILIES = DEFAULT_ROUTE_TABLE.map((entry) => ({
  path: entry.path.replace(/:[a-z]+/gi, '1').replace(/\*$/, ''),
  method: entry.public ? 'POST' : 'GET',
}));

interface Foreign {
  server: Server;
  port: number;
  hits: string[];
}

async function startForeignHost(): Promise<Foreign> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url} ${req.headers['x-printpool-internal'] ? 'with token' : ''}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"foreign":true}');
  });
  return { server, port: await listen(server), hits };
}

// Distributed (services over HTTP) and all-in-one (services as in-process listeners): both forward through proxy/forward.ts.
describe.each(['distributed', 'all-in-one'] as const)('request targets that name another host, %s mode', (mode) => {
  let echo: EchoService;
  let service: Server;
  let foreign: Foreign;
  let gateway: TestGateway;
  let gatewayServer: Server;
  let port: number;
  let cookie: string;

  beforeAll(async () => {
    echo = createEchoService();
    foreign = await startForeignHost();
    service = createServer(echo.listener);
    const servicePort = await listen(service);
    const target: string | RequestListener = mode === 'distributed' ? `http://127.0.0.1:${servicePort}` : echo.listener;
    const services: ServiceTargets = { inventory: target, sync: target, documents: target };
    gateway = await startGateway({ publicOrigin: 'https://printpool.example', allowedHosts: ['printpool.internal'] }, { services });
    gatewayServer = createServer(gateway.callback);
    port = await listen(gatewayServer);
    const signIn = await request(gateway.callback).post('/api/dev-login').set('Origin', ORIGIN).send({ email: 'target@example.com' }).expect(200);
    cookie = sessionCookie(signIn)!.split(';')[0]!;
  });
  afterAll(async () => {
    await new Promise((resolve) => gatewayServer.close(resolve));
    await gateway.close();
    await new Promise((resolve) => service.close(resolve));
    await new Promise((resolve) => foreign.server.close(resolve));
  });

  const forms = [
    ['absolute http', (host: string, path: string) => `http://${host}${path}?x=1`],
    ['absolute https', (host: string, path: string) => `https://${host}${path}?x=1`],
    ['network-path', (host: string, path: string) => `//${host}${path}?x=1`],
  ] as const;

  describe.each(['signed out', 'signed in'] as const)('%s', (who) => {
    it.each(forms)('%s targets of every route family answer 400 and reach no host', async (_form, targetFor) => {
      const before = echo.calls.length;
      for (const { path, method } of FAMILIES) {
        const headers = { host: `127.0.0.1:${port}`, origin: ORIGIN, 'content-type': 'application/json', ...(who === 'signed in' ? { cookie } : {}) };
        const res = await sendRaw(port, method, targetFor(`127.0.0.1:${foreign.port}`, path), headers);
        expect({ path, status: res.status }).toEqual({ path, status: 400 });
        expect(JSON.parse(res.body)).toMatchObject({ code: 'BAD_REQUEST', details: { field: 'target' } });
      }
      expect(foreign.hits).toEqual([]);
      expect(echo.calls.length).toBe(before);
    });
  });

  it('refuses a Host it does not serve before any route, and reaches no service', async () => {
    const before = echo.calls.length;
    for (const host of ['attacker.example', `attacker.example:${port}`, 'printpool.example.attacker.test', '0x7f.1', '']) {
      const res = await sendRaw(port, 'GET', '/api/items', { host, cookie });
      expect({ host, status: res.status }).toEqual({ host, status: 400 });
      expect(JSON.parse(res.body)).toMatchObject({ code: 'BAD_REQUEST', details: { field: 'host' } });
    }
    expect(echo.calls.length).toBe(before);
  });

  it('serves its public host, ALLOWED_HOSTS, loopback names and IP literals', async () => {
    for (const host of [
      'printpool.example',
      'PrintPool.Example:443',
      'printpool.internal:3000',
      'localhost:3000',
      `127.0.0.1:${port}`,
      '[::1]:3000',
      '10.1.2.3',
    ]) {
      const res = await sendRaw(port, 'GET', '/api/items?search=a', { host, cookie });
      expect({ host, status: res.status }).toEqual({ host, status: 200 });
    }
    expect(echo.calls.at(-1)).toEqual({ method: 'GET', url: '/api/items?search=a' });
    expect(foreign.hits).toEqual([]);
  });
});

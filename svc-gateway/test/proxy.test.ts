import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { INTERNAL_TOKEN_HEADER, signInternalToken, verifyInternalToken } from '@printpool/service-kit';
import { sendLargeBody } from '@printpool/service-kit/testing';
import type { ServiceTargets } from '../src/proxy/targets.js';
import { createEchoService, PDF_BYTES, type EchoService } from './support/echoService.js';
import { INTERNAL_SECRET, ORIGIN, sessionCookie, signedInAgent, startGateway, type TestGateway } from './support/gateway.js';

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

const binaryParser = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
};

describe.each([
  ['an in-process service listener', 'listener'],
  ['a service over HTTP', 'http'],
] as const)('forwarding /api/* to %s', (_label, mode) => {
  let echo: EchoService;
  let server: Server | undefined;
  let gateway: TestGateway;

  beforeAll(async () => {
    echo = createEchoService();
    let target: ServiceTargets[keyof ServiceTargets] = echo.listener;
    if (mode === 'http') {
      server = createServer(echo.listener);
      target = await listen(server);
    }
    gateway = await startGateway({}, { services: { inventory: target, sync: target, documents: target } });
  });
  afterAll(async () => {
    await gateway.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  const identityOf = async (email: string) => {
    const user = await gateway.db.knex('users').where('email_key', email).first();
    return { tenantId: user.tenant_id as string, userId: user.id as string, role: 'owner', memberName: email };
  };

  it('answers 401 when signed out and never calls the service', async () => {
    const before = echo.calls.length;
    const res = await request(gateway.callback).get('/api/items').expect(401);
    expect(res.body).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
    await request(gateway.callback).post('/api/purchase-orders/1/status').set('Origin', ORIGIN).send({ status: 'closed' }).expect(401);
    expect(echo.calls.length).toBe(before);
  });

  it('calls with a valid internal token for the signed-in tenant, the query intact and no cookies', async () => {
    const agent = await signedInAgent(gateway, `reader-${mode}@example.com`);
    const res = await agent
      .get('/api/items?search=business%20cards&page=2')
      .set('Cookie', 'tracking=abc')
      .set(INTERNAL_TOKEN_HEADER, await signInternalToken({ tenantId: 'someone-else', userId: 'x' }, 'forged-secret'))
      .expect(200);
    expect(res.body.caller).toEqual(await identityOf(`reader-${mode}@example.com`));
    expect(res.body.query).toEqual({ search: 'business cards', page: '2' });
    expect(res.body.url).toBe('/api/items?search=business%20cards&page=2');
    expect(res.body.cookie).toBeNull();
    expect(res.body.forwardedFor).toMatch(/127\.0\.0\.1/);
    expect(res.body.forwardedProto).toBe('http');
    expect(res.body.requestId).toBe(res.headers['x-request-id']);
  });

  it('gives each tenant its own identity', async () => {
    const one = await signedInAgent(gateway, `one-${mode}@example.com`);
    const two = await signedInAgent(gateway, `two-${mode}@example.com`);
    const a = await one.get('/api/items').expect(200);
    const b = await two.get('/api/items').expect(200);
    expect(a.body.caller.tenantId).not.toBe(b.body.caller.tenantId);
    expect(b.body.caller).toEqual(await identityOf(`two-${mode}@example.com`));
  });

  it('signs one internal token per signed-in identity and reuses it, never across identities', async () => {
    const one = await signedInAgent(gateway, `token-one-${mode}@example.com`);
    const two = await signedInAgent(gateway, `token-two-${mode}@example.com`);
    const first = (await one.get('/api/items').expect(200)).body.internalToken;
    const again = (await one.get('/api/items').expect(200)).body.internalToken;
    const other = (await two.get('/api/items').expect(200)).body.internalToken;
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(await verifyInternalToken(first, INTERNAL_SECRET)).toEqual(await identityOf(`token-one-${mode}@example.com`));
    expect(await verifyInternalToken(other, INTERNAL_SECRET)).toEqual(await identityOf(`token-two-${mode}@example.com`));
  });

  it("tells the service the member's role and name, and a changed role from the next call on", async () => {
    const agent = await signedInAgent(gateway, `member-${mode}@example.com`);
    await gateway.db.knex('users').where('email_key', `member-${mode}@example.com`).update({ first_name: 'Grace', last_name: 'Hopper', role: 'staff' });
    expect((await agent.get('/api/items').expect(200)).body.caller).toMatchObject({ role: 'staff', memberName: 'Grace Hopper' });
    await gateway.db.knex('users').where('email_key', `member-${mode}@example.com`).update({ role: 'viewer' });
    expect((await agent.get('/api/items').expect(200)).body.caller).toMatchObject({ role: 'viewer', memberName: 'Grace Hopper' });
  });

  it('forwards method, path and JSON body and answers what the service answered', async () => {
    const agent = await signedInAgent(gateway, `writer-${mode}@example.com`);
    const res = await agent.post('/api/purchase-orders/42/status').set('Origin', ORIGIN).send({ status: 'closed', note: 'ünïcode ✓' }).expect(200);
    expect(res.body).toMatchObject({ id: '42', body: { status: 'closed', note: 'ünïcode ✓' }, contentType: 'application/json' });
    const missing = await agent.get('/api/items/nope').expect(404);
    expect(missing.body).toEqual({ message: 'Item not found', code: 'NOT_FOUND' });
  });

  it('streams a PDF back byte for byte with its headers', async () => {
    const agent = await signedInAgent(gateway, `pdf-${mode}@example.com`);
    const res = await agent.get('/api/pull-tickets/7/pdf').buffer(true).parse(binaryParser).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="PT-7.pdf"');
    expect(Buffer.compare(res.body as Buffer, PDF_BYTES)).toBe(0);
  });

  it('streams an upload to the service untouched', async () => {
    const agent = await signedInAgent(gateway, `upload-${mode}@example.com`);
    const file = randomBytes(2 * 1024 * 1024);
    const res = await agent.post('/api/attachments').set('Origin', ORIGIN).set('Content-Type', 'application/octet-stream').send(file).expect(201);
    expect(res.body).toEqual({ bytes: file.length, sha256: createHash('sha256').update(file).digest('hex'), contentType: 'application/octet-stream' });
  });

  it('passes public routes through without a session, an internal token or an Origin', async () => {
    const res = await request(gateway.callback)
      .post('/api/quickbooks/webhook')
      .set(INTERNAL_TOKEN_HEADER, 'client-supplied')
      .set('Cookie', 'pp_session=whatever')
      .send({ eventNotifications: [] })
      .expect(200);
    expect(res.body).toEqual({ internalToken: null, cookie: null, body: { eventNotifications: [] } });
  });

  it('routes the dashboard stats to inventory', async () => {
    const agent = await signedInAgent(gateway, `dash-${mode}@example.com`);
    await agent.get('/api/dashboard/stats').expect(200, { activeSOs: 2, totalItems: 40, pendingPullTickets: 1, openPOs: 3, conflictSOs: 0 });
  });

  it('adds the security headers to forwarded answers', async () => {
    const agent = await signedInAgent(gateway, `headers-${mode}@example.com`);
    const res = await agent.get('/api/items').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it("hands on the service's 413 for a body over its limit while the browser is still sending, never a reset", async () => {
    const signedIn = await request(gateway.callback)
      .post('/api/dev-login')
      .set('Origin', ORIGIN)
      .send({ email: `big-${mode}@example.com` })
      .expect(200);
    const cookie = sessionCookie(signedIn)!.split(';')[0]!;
    const front = createServer(gateway.callback);
    const url = await listen(front);
    try {
      for (const megabytes of [2, 48, 96]) {
        const answer = await sendLargeBody(`${url}/api/purchase-orders/1/status`, megabytes << 20, { cookie, origin: ORIGIN });
        expect(answer).toMatchObject({ status: 413 });
        expect(JSON.parse(answer.body!)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      }
    } finally {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
    }
  });
});

describe('forwarding when a service is missing', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    const down = createServer();
    const url = await listen(down);
    await new Promise((resolve) => down.close(resolve));
    gateway = await startGateway({}, { services: { inventory: url } });
  });
  afterAll(() => gateway.close());

  it('answers 502 when the service is unreachable', async () => {
    const agent = await signedInAgent(gateway, 'down@example.com');
    await agent.get('/api/items').expect(502, { message: 'Service unavailable', code: 'BAD_GATEWAY' });
  });

  it('answers 502 when no target is configured for the service', async () => {
    const agent = await signedInAgent(gateway, 'unset@example.com');
    await agent.get('/api/email-logs').expect(502, { message: 'Service unavailable', code: 'BAD_GATEWAY' });
  });

  it('answers 404 JSON for an /api path no one serves', async () => {
    const agent = await signedInAgent(gateway, 'unknown@example.com');
    await agent.get('/api/nothing-here').expect(404, { message: 'Route not found', code: 'NOT_FOUND' });
    await agent.get('/api/items/../auth/user').expect(400);
  });
});

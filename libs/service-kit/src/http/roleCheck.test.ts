import request from 'supertest';
import type { MemberRole, RouteContract } from '@printpool/contracts';
import { createRouter, createServiceApp } from './app.js';
import { INTERNAL_TOKEN_HEADER, signInternalToken, type SignOptions } from '../auth/internalToken.js';
import { createLogger } from '../logger.js';

const secret = 'role-check-test-secret-with-enough-entropy';
const done = { 200: { description: 'Done' } };
const routes: RouteContract[] = [
  { method: 'get', path: '/api/things', caller: 'browser', tags: [], summary: 'List', responses: done },
  { method: 'post', path: '/api/things/:id', caller: 'browser', tags: [], summary: 'Change', responses: done },
  { method: 'post', path: '/api/things/:id/connect', caller: 'browser', role: 'owner', tags: [], summary: 'Owner only', responses: done },
  { method: 'post', path: '/api/reconcile', caller: 'operator', tags: [], summary: 'Operator', responses: done },
];

function buildApp(contracts: RouteContract[] | undefined) {
  const router = createRouter('/api');
  const ok = (ctx: { body: unknown }) => void (ctx.body = { ok: true });
  router.get('/things', ok);
  router.post('/things/:id', ok);
  router.post('/things/:id/connect', ok);
  router.post('/reconcile', ok);
  return createServiceApp({
    name: 'test',
    logger: createLogger('test', 'silent'),
    routers: [router],
    internalTokenSecret: secret,
    routes: contracts,
  }).callback();
}

const as = (role: MemberRole | undefined, options: SignOptions = {}) =>
  signInternalToken({ tenantId: 't1', userId: 'u1', ...(role ? { role } : {}) }, secret, options);

describe("a member's role, checked against the route's contract", () => {
  const app = buildApp(routes);

  it('lets a viewer read and refuses every change with 403 and a sentence saying why', async () => {
    await request(app)
      .get('/api/things')
      .set(INTERNAL_TOKEN_HEADER, await as('viewer'))
      .expect(200);
    const refused = await request(app)
      .post('/api/things/1')
      .set(INTERNAL_TOKEN_HEADER, await as('viewer'))
      .expect(403);
    expect(refused.body).toEqual({ message: 'Viewers can only look; changing anything needs the staff or owner role', code: 'FORBIDDEN' });
    await request(app)
      .post('/api/things/1/connect')
      .set(INTERNAL_TOKEN_HEADER, await as('viewer'))
      .expect(403);
  });

  it('lets staff do the daily work but not what only an owner may', async () => {
    await request(app)
      .post('/api/things/1')
      .set(INTERNAL_TOKEN_HEADER, await as('staff'))
      .expect(200);
    const refused = await request(app)
      .post('/api/things/1/connect')
      .set(INTERNAL_TOKEN_HEADER, await as('staff'))
      .expect(403);
    expect(refused.body.message).toBe('Only an owner of the company can do this');
    await request(app)
      .post('/api/things/1/connect')
      .set(INTERNAL_TOKEN_HEADER, await as('owner'))
      .expect(200);
  });

  it("takes a browser's call without a role for a viewer's", async () => {
    await request(app)
      .get('/api/things')
      .set(INTERNAL_TOKEN_HEADER, await as(undefined))
      .expect(200);
    await request(app)
      .post('/api/things/1')
      .set(INTERNAL_TOKEN_HEADER, await as(undefined))
      .expect(403);
  });

  it("does not hold another service's call or an operator's route to a member's role", async () => {
    await request(app)
      .post('/api/things/1/connect')
      .set(INTERNAL_TOKEN_HEADER, await as(undefined, { service: 'svc-documents' }))
      .expect(200);
    await request(app)
      .post('/api/reconcile')
      .set(INTERNAL_TOKEN_HEADER, await as(undefined))
      .expect(200);
  });

  it('still answers 401 before any role check, and 404 for a route nobody serves', async () => {
    await request(app).post('/api/things/1').expect(401);
    await request(app)
      .post('/api/nothing')
      .set(INTERNAL_TOKEN_HEADER, await as('viewer'))
      .expect(404);
  });

  it('holds routes without contracts to the default: reading for viewers, changes for staff', async () => {
    const bare = buildApp(undefined);
    await request(bare)
      .get('/api/things')
      .set(INTERNAL_TOKEN_HEADER, await as('viewer'))
      .expect(200);
    await request(bare)
      .post('/api/things/1')
      .set(INTERNAL_TOKEN_HEADER, await as('viewer'))
      .expect(403);
    await request(bare)
      .post('/api/things/1/connect')
      .set(INTERNAL_TOKEN_HEADER, await as('staff'))
      .expect(200);
  });
});

import request from 'supertest';
import { z } from 'zod';
import { createRouter, createServiceApp } from './app.js';
import { parseInput } from './validation.js';
import { notFound } from './errors.js';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from '../auth/internalToken.js';
import { createLogger } from '../logger.js';

const secret = 'test-secret-with-enough-entropy';
const logger = createLogger('test', 'silent');

function buildApp() {
  const router = createRouter('/api');
  router.post('/things', (ctx) => {
    const body = parseInput(z.object({ name: z.string().min(1, 'Name is required'), qty: z.number().int().min(1) }), ctx.request.body);
    ctx.status = 201;
    ctx.body = { ...body, tenantId: ctx.state.caller.tenantId };
  });
  router.get('/things/:id', () => {
    throw notFound('Thing');
  });
  router.get('/boom', () => {
    throw new Error('database password is hunter2');
  });
  return createServiceApp({ name: 'test', logger, routers: [router], internalTokenSecret: secret });
}

const token = () => signInternalToken({ tenantId: 't1', userId: 'u1', role: 'staff' }, secret);

describe('createServiceApp', () => {
  it('answers health and metrics without a token', async () => {
    const app = buildApp().callback();
    await request(app).get('/healthz').expect(200, { status: 'ok', service: 'test' });
    const metrics = await request(app).get('/metrics').expect(200);
    expect(metrics.text).toContain('http_request_duration_seconds');
    expect(metrics.text).toContain('events_dead_lettered_total');
  });

  it('refuses API calls without a valid internal token', async () => {
    const app = buildApp().callback();
    await request(app).get('/api/things/1').expect(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' });
    await request(app)
      .get('/api/things/1')
      .set(INTERNAL_TOKEN_HEADER, await signInternalToken({ tenantId: 't1', userId: 'u1' }, 'other-secret'))
      .expect(401);
    await request(app)
      .get('/api/things/1')
      .set(INTERNAL_TOKEN_HEADER, await signInternalToken({ tenantId: 't1', userId: 'u1' }, secret, { ttlSeconds: -1 }))
      .expect(401);
  });

  it('names the bad field in a 400', async () => {
    const res = await request(buildApp().callback())
      .post('/api/things')
      .set(INTERNAL_TOKEN_HEADER, await token())
      .send({ name: '', qty: 2 })
      .expect(400);
    expect(res.body).toMatchObject({ message: 'name: Name is required', code: 'VALIDATION_FAILED' });
    const res2 = await request(buildApp().callback())
      .post('/api/things')
      .set(INTERNAL_TOKEN_HEADER, await token())
      .send({ name: 'x', qty: 0 })
      .expect(400);
    expect(res2.body.message).toMatch(/^qty: /);
  });

  it('answers malformed JSON with a 400 in the same shape', async () => {
    const res = await request(buildApp().callback())
      .post('/api/things')
      .set(INTERNAL_TOKEN_HEADER, await token())
      .set('content-type', 'application/json')
      .send('{"name":')
      .expect(400);
    expect(res.body.code).toBe('BAD_REQUEST');
  });

  it('passes the caller identity to handlers', async () => {
    const res = await request(buildApp().callback())
      .post('/api/things')
      .set(INTERNAL_TOKEN_HEADER, await token())
      .send({ name: 'cards', qty: 3 })
      .expect(201);
    expect(res.body).toEqual({ name: 'cards', qty: 3, tenantId: 't1' });
  });

  it('hides internal error details from the client', async () => {
    const res = await request(buildApp().callback())
      .get('/api/boom')
      .set(INTERNAL_TOKEN_HEADER, await token())
      .expect(500);
    expect(res.body).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
  });

  it('answers an unknown route with a JSON 404', async () => {
    await request(buildApp().callback())
      .get('/api/nothing-here')
      .set(INTERNAL_TOKEN_HEADER, await token())
      .expect(404, { message: 'No route for GET /api/nothing-here', code: 'NOT_FOUND' });
  });

  it('serves the routes of every router, in order, and answers 405 for a path served with another method', async () => {
    const orders = createRouter('/api/orders');
    orders.get('/', (ctx) => {
      ctx.body = { from: 'orders' };
    });
    orders.get('/:id', async (ctx, next) => {
      if (ctx.params.id === 'any') return next();
      ctx.body = { from: 'orders', id: ctx.params.id };
    });
    const fallback = createRouter('/api');
    fallback.get('/orders/:id', (ctx) => {
      ctx.body = { from: 'fallback' };
    });
    fallback.post('/tickets', (ctx) => {
      ctx.status = 201;
    });
    const app = createServiceApp({ name: 'test', logger, routers: [orders, fallback], internalTokenSecret: secret }).callback();
    await request(app)
      .get('/api/orders')
      .set(INTERNAL_TOKEN_HEADER, await token())
      .expect(200, { from: 'orders' });
    await request(app)
      .get('/api/orders/7')
      .set(INTERNAL_TOKEN_HEADER, await token())
      .expect(200, { from: 'orders', id: '7' });
    await request(app)
      .get('/api/orders/any')
      .set(INTERNAL_TOKEN_HEADER, await token())
      .expect(200, { from: 'fallback' });
    await request(app)
      .post('/api/tickets')
      .set(INTERNAL_TOKEN_HEADER, await token())
      .expect(201);
    const refused = await request(app)
      .delete('/api/orders')
      .set(INTERNAL_TOKEN_HEADER, await token())
      .expect(405);
    expect(refused.headers.allow).toBe('HEAD, GET');
    await request(app).get('/api/orders').expect(401);
  });

  it('opens internal routes to other services only, whatever the path looks like, and leaves other routes as they were', async () => {
    const internal = createRouter('/api/internal/tickets');
    internal.post('/:id/mark-sent', (ctx) => {
      ctx.body = { marked: ctx.params.id };
    });
    const tickets = createRouter('/api/tickets');
    tickets.get('/:id', (ctx) => {
      ctx.body = { id: ctx.params.id };
    });
    const app = createServiceApp({ name: 'test', logger, routers: [tickets], internalRouters: [internal], internalTokenSecret: secret }).callback();
    const forBrowser = await token();
    const fromService = await signInternalToken({ tenantId: 't1', userId: 'u1' }, secret, { service: 'svc-documents' });
    for (const path of ['/api/internal/tickets/1/mark-sent', '/API/Internal/tickets/1/mark-sent', '/api/internal/tickets/1/mark-sent/']) {
      const refused = await request(app).post(path).set(INTERNAL_TOKEN_HEADER, forBrowser).expect(403);
      expect(refused.body).toEqual({ message: 'Only PrintPool services may call this route', code: 'FORBIDDEN' });
    }
    await request(app).post('/api/internal/tickets/1/mark-sent').expect(401);
    await request(app).post('/api/internal/tickets/1/mark-sent').set(INTERNAL_TOKEN_HEADER, fromService).expect(200, { marked: '1' });
    await request(app).get('/api/tickets/1').set(INTERNAL_TOKEN_HEADER, forBrowser).expect(200, { id: '1' });
    await request(app).get('/api/tickets/1').set(INTERNAL_TOKEN_HEADER, fromService).expect(200, { id: '1' });
  });

  it('returns 404 in the error shape', async () => {
    await request(buildApp().callback())
      .get('/api/things/9')
      .set(INTERNAL_TOKEN_HEADER, await token())
      .expect(404, { message: 'Thing not found', code: 'NOT_FOUND' });
  });
});

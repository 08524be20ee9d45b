import request from 'supertest';
import { z } from 'zod';
import type { RouteContract } from '@printpool/contracts';
import { createRouter, createServiceApp } from './app.js';
import { createLogger } from '../logger.js';

const logger = createLogger('test', 'silent');
const Thing = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'Thing' });

const CONTRACTS: RouteContract[] = [
  {
    method: 'get',
    path: '/api/things/:id',
    caller: 'browser',
    tags: ['things'],
    summary: 'One thing',
    responses: { 200: { description: 'The thing', body: Thing } },
  },
  {
    method: 'post',
    path: '/api/internal/things',
    caller: 'service',
    tags: ['things'],
    summary: 'Add a thing',
    body: Thing,
    responses: { 201: { description: 'Added' } },
  },
];

function routers() {
  const browser = createRouter('/api');
  browser.get('/things/:id', (ctx) => void (ctx.body = { id: 1, name: 'flyer' }));
  const service = createRouter();
  service.post('/api/internal/things', (ctx) => void (ctx.status = 201));
  return { browser, service };
}

describe('route contracts', () => {
  it('serve the OpenAPI document of every route, internal ones marked', async () => {
    const { browser, service } = routers();
    const app = createServiceApp({ name: 'svc-things', logger, routers: [browser], internalRouters: [service], routes: CONTRACTS }).callback();
    const document = (await request(app).get('/openapi.json').expect(200)).body;
    expect(document.info.title).toBe('PrintPool svc-things');
    expect(Object.keys(document.paths).sort()).toEqual(['/api/internal/things', '/api/things/{id}']);
    expect(document.paths['/api/internal/things'].post['x-internal']).toBe(true);
    expect(document.paths['/api/things/{id}'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Thing' });
    expect(Object.keys(document.paths['/api/things/{id}'].get.responses).sort()).toEqual(['200', '400', '401', '404', '500']);
  });

  it('stop the service when a route has no contract', () => {
    const { browser, service } = routers();
    browser.delete('/things/:id', (ctx) => void (ctx.status = 204));
    expect(() => createServiceApp({ name: 'svc-things', logger, routers: [browser], internalRouters: [service], routes: CONTRACTS })).toThrow(
      'delete /api/things/:id (browser) has no route contract',
    );
  });

  it("turn an answer that breaks its route's contract into a 500 naming the field, where tests run", async () => {
    const browser = createRouter('/api');
    browser.get('/things/:id', (ctx) => void (ctx.body = { id: 'one', name: 'flyer' }));
    const app = createServiceApp({ name: 'svc-things', logger, routers: [browser], routes: CONTRACTS.slice(0, 1) }).callback();
    const answer = await request(app).get('/api/things/1').set('x-request-id', 'check').expect(500);
    expect(answer.body).toMatchObject({
      code: 'ANSWER_BREAKS_CONTRACT',
      message: expect.stringContaining("get /api/things/:id (200) does not match its contract at 'id'"),
    });
  });

  it('stop the service when a contract has no route, or names another caller', () => {
    const { browser, service } = routers();
    expect(() => createServiceApp({ name: 'svc-things', logger, routers: [browser, service], routes: CONTRACTS })).toThrow(
      /post \/api\/internal\/things \(browser\) has no route contract[\s\S]*post \/api\/internal\/things \(service\) is in the contracts but not served/,
    );
  });
});

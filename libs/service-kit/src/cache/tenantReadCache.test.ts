import request from 'supertest';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from '../auth/internalToken.js';
import { createRouter, createServiceApp } from '../http/app.js';
import { createLogger } from '../logger.js';
import { TenantReadCache, type TenantReadCacheOptions } from './tenantReadCache.js';

const secret = 'read-cache-test-secret-0123456789';
const logger = createLogger('test', 'silent');
// Signed up front, so `get` can hand back the request itself for `.expect`.
const tokens: Record<string, string> = {
  t1: await signInternalToken({ tenantId: 't1', userId: 'u' }, secret, { ttlSeconds: 3600 }),
  t2: await signInternalToken({ tenantId: 't2', userId: 'u' }, secret, { ttlSeconds: 3600 }),
};

/**
 * A list route over an in-memory table per tenant, counting how often it really ran. `gate`
 * holds the route mid-read until released, as a slow query would.
 */
function listService(options: TenantReadCacheOptions = {}) {
  const cache = new TenantReadCache(options);
  const rows = new Map<string, string[]>([
    ['t1', ['SO-1']],
    ['t2', ['SO-9']],
  ]);
  let runs = 0;
  let gate: Promise<void> | undefined;
  let duringRead: (() => void) | undefined;
  const router = createRouter('/api');
  router.get('/orders', cache.middleware, async (ctx) => {
    runs += 1;
    const tenantRows = [...(rows.get(ctx.state.caller.tenantId) ?? [])];
    duringRead?.();
    await gate;
    if (ctx.query.fail) throw new Error('database went away');
    if (ctx.query.missing) {
      ctx.status = 404;
      ctx.body = { message: 'Not found', code: 'NOT_FOUND' };
      return;
    }
    ctx.set('X-Total-Count', String(tenantRows.length));
    ctx.body = tenantRows.map((number) => ({ number }));
  });
  const app = createServiceApp({ name: 'test', logger, routers: [router], internalTokenSecret: secret }).callback();
  const get = (tenantId: string, path = '/api/orders') => request(app).get(path).set(INTERNAL_TOKEN_HEADER, tokens[tenantId]!);
  return {
    app,
    cache,
    rows,
    get,
    runs: () => runs,
    /** The next reads wait inside the route until the answered function is called. */
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = undefined;
        release();
      };
    },
    onRead(callback: (() => void) | undefined) {
      duringRead = callback;
    },
  };
}

describe('TenantReadCache', () => {
  it('answers every read afresh until it follows the changes', async () => {
    const service = listService();
    await service.get('t1').expect(200, [{ number: 'SO-1' }]);
    await service.get('t1').expect(200);
    expect(service.runs()).toBe(2);
  });

  it('answers a repeated read from memory, with the same body, type and headers', async () => {
    const service = listService();
    service.cache.following();
    const first = await service.get('t1').expect(200);
    const second = await service.get('t1').expect(200);
    expect(service.runs()).toBe(1);
    expect(second.body).toEqual([{ number: 'SO-1' }]);
    expect(second.headers['x-total-count']).toBe('1');
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['content-type']).toMatch(/^application\/json/);
  });

  it('counts its hits and misses on /metrics, by the schema it serves', async () => {
    const service = listService({ name: 'metrics_demo' });
    service.cache.following();
    await service.get('t1').expect(200);
    await service.get('t1').expect(200);
    await service.get('t1').expect(200);
    await service.get('t2').expect(200);
    const metrics = (await request(service.app).get('/metrics').expect(200)).text;
    expect(metrics).toContain('read_cache_requests_total{schema="metrics_demo",result="hit"} 2');
    expect(metrics).toContain('read_cache_requests_total{schema="metrics_demo",result="miss"} 2');
  });

  it('turned off (maxBytes 0) computes every read, even two at once', async () => {
    const service = listService({ maxBytes: 0 });
    service.cache.following();
    const release = service.hold();
    const both = Promise.all([service.get('t1').expect(200), service.get('t1').expect(200)]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await both;
    await service.get('t1').expect(200, [{ number: 'SO-1' }]);
    expect(service.runs()).toBe(3);
  });

  it('keeps answers apart per tenant and per URL', async () => {
    const service = listService();
    service.cache.following();
    await service.get('t1').expect(200, [{ number: 'SO-1' }]);
    await service.get('t2').expect(200, [{ number: 'SO-9' }]);
    await service.get('t1', '/api/orders?search=x').expect(200);
    expect(service.runs()).toBe(3);
  });

  it("drops a tenant's answers when its data changes, and only that tenant's", async () => {
    const service = listService();
    service.cache.following();
    await service.get('t1').expect(200);
    await service.get('t2').expect(200);
    service.rows.get('t1')!.push('SO-2');
    service.cache.changed('t1');
    await service.get('t1').expect(200, [{ number: 'SO-1' }, { number: 'SO-2' }]);
    await service.get('t2').expect(200, [{ number: 'SO-9' }]);
    expect(service.runs()).toBe(3);
  });

  it('serves but does not keep an answer read while the data changed', async () => {
    const service = listService();
    service.cache.following();
    service.onRead(() => {
      service.rows.get('t1')!.push('SO-2');
      service.cache.changed('t1');
    });
    await service.get('t1').expect(200, [{ number: 'SO-1' }]);
    service.onRead(undefined);
    await service.get('t1').expect(200, [{ number: 'SO-1' }, { number: 'SO-2' }]);
    expect(service.runs()).toBe(2);
  });

  it('computes an answer once for reads that miss together', async () => {
    const service = listService();
    service.cache.following();
    const release = service.hold();
    const reads = Promise.all([1, 2, 3, 4, 5].map(() => service.get('t1').then((answer) => answer)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    for (const answer of await reads) expect(answer.body).toEqual([{ number: 'SO-1' }]);
    expect(service.runs()).toBe(1);
  });

  it('does not hand a read arriving after a change the answer being computed before it', async () => {
    const service = listService();
    service.cache.following();
    const release = service.hold();
    // The change comes once the early read has read its rows, however long the request took to arrive.
    const earlyRead = new Promise<void>((resolve) => service.onRead(resolve));
    const early = service.get('t1').then((answer) => answer);
    await earlyRead;
    service.onRead(undefined);
    service.rows.get('t1')!.push('SO-2');
    service.cache.changed('t1');
    const late = service.get('t1').then((answer) => answer);
    await new Promise((resolve) => setTimeout(resolve, 30));
    release();
    expect((await early).body).toEqual([{ number: 'SO-1' }]);
    expect((await late).body).toEqual([{ number: 'SO-1' }, { number: 'SO-2' }]);
  });

  it('keeps neither errors nor answers other than 200, and lets waiting reads try again', async () => {
    const service = listService();
    service.cache.following();
    await service.get('t1', '/api/orders?missing=1').expect(404);
    await service.get('t1', '/api/orders?missing=1').expect(404);
    const release = service.hold();
    const failing = service.get('t1', '/api/orders?fail=1').then((answer) => answer);
    const waiting = service.get('t1', '/api/orders?fail=1').then((answer) => answer);
    await new Promise((resolve) => setTimeout(resolve, 30));
    release();
    expect((await failing).status).toBe(500);
    expect((await waiting).status).toBe(500);
    expect(service.runs()).toBe(4);
  });

  it('serves nothing from memory once changes may go unheard, and starts clean when they are heard again', async () => {
    const service = listService();
    service.cache.following();
    await service.get('t1').expect(200);
    service.cache.lost();
    service.rows.get('t1')!.push('SO-2');
    await service.get('t1').expect(200, [{ number: 'SO-1' }, { number: 'SO-2' }]);
    service.cache.following();
    await service.get('t1').expect(200, [{ number: 'SO-1' }, { number: 'SO-2' }]);
    await service.get('t1').expect(200);
    expect(service.runs()).toBe(3);
  });

  it('does not keep an answer begun before the changes went unheard', async () => {
    const service = listService();
    service.cache.following();
    service.onRead(() => {
      // Lost and back while the read ran: a change in between may never have been heard.
      service.cache.lost();
      service.rows.get('t1')!.push('SO-2');
      service.cache.following();
    });
    await service.get('t1').expect(200, [{ number: 'SO-1' }]);
    service.onRead(undefined);
    await service.get('t1').expect(200, [{ number: 'SO-1' }, { number: 'SO-2' }]);
  });

  it('makes room by dropping the answer used longest ago', async () => {
    // Each answer is 18 bytes ([{"number":"SO-1"}]); room for three.
    const service = listService({ maxBytes: 3 * 18 + 10 });
    service.cache.following();
    for (const page of ['a', 'b', 'c']) await service.get('t1', `/api/orders?page=${page}`).expect(200);
    await service.get('t1', '/api/orders?page=a').expect(200);
    await service.get('t1', '/api/orders?page=d').expect(200);
    expect(service.runs()).toBe(4);
    await service.get('t1', '/api/orders?page=a').expect(200);
    expect(service.runs()).toBe(4);
    await service.get('t1', '/api/orders?page=b').expect(200);
    expect(service.runs()).toBe(5);
  });

  it('does not keep an answer larger than the whole cache', async () => {
    const service = listService({ maxBytes: 17 });
    service.cache.following();
    await service.get('t1').expect(200, [{ number: 'SO-1' }]);
    await service.get('t1').expect(200, [{ number: 'SO-1' }]);
    expect(service.runs()).toBe(2);
  });

  it('drops an answer older than its age limit', async () => {
    let now = 0;
    const service = listService({ maxAgeMs: 1000, now: () => now });
    service.cache.following();
    await service.get('t1').expect(200);
    now = 999;
    await service.get('t1').expect(200);
    now = 2000;
    await service.get('t1').expect(200);
    expect(service.runs()).toBe(2);
  });
});

import request from 'supertest';
import { createRouter, createServiceApp } from './app.js';
import { createLogger } from '../logger.js';

function buildApp() {
  const seen: unknown[] = [];
  const router = createRouter('/api');
  router.post('/notes/:id', (ctx) => {
    seen.push(ctx.request.body);
    ctx.body = { id: ctx.params.id };
  });
  router.get('/notes', (ctx) => {
    seen.push(ctx.query);
    ctx.body = [];
  });
  const app = createServiceApp({ name: 'test', logger: createLogger('test', 'silent'), publicRouters: [router] });
  return { callback: app.callback(), seen };
}

const post = (callback: ReturnType<typeof buildApp>['callback'], json: string, path = '/api/notes/1') =>
  request(callback).post(path).set('content-type', 'application/json').send(json);

describe('input no schema should have to think of', () => {
  it('refuses NUL and unpaired surrogates in any text, naming the field, before the handler runs', async () => {
    const { callback, seen } = buildApp();
    const nul = await post(callback, JSON.stringify({ subject: 'Invoice\u0000', lines: [{ note: 'ok' }] })).expect(400);
    expect(nul.body).toEqual({
      message: 'subject: must not contain NUL characters',
      code: 'VALIDATION_FAILED',
      details: { issues: [{ field: 'subject', message: 'must not contain NUL characters' }] },
    });
    const surrogate = await post(callback, '{"lines":[{"note":"\\ud800 alone"}]}').expect(400);
    expect(surrogate.body.message).toBe('lines.0.note: must be valid Unicode text (an unpaired surrogate was found)');
    await post(callback, JSON.stringify({ note: 'a pair is fine 😀' })).expect(200);
    expect(seen).toEqual([{ note: 'a pair is fine 😀' }]);
  });

  it('refuses deep nesting and prototype keys, and answers a 5,000-deep array with a 400, not a reset', async () => {
    const { callback, seen } = buildApp();
    const deep = await post(callback, '['.repeat(5000) + ']'.repeat(5000)).expect(400);
    expect(deep.body.message).toMatch(/nests deeper than 32 levels$/);
    await post(callback, JSON.stringify({ a: [[[{ b: 1 }]]] })).expect(200);
    expect((await post(callback, '{"__proto__":{"admin":true}}').expect(400)).body.code).toBe('BAD_REQUEST');
    expect((await post(callback, '{"items":[{"constructor":{"prototype":{}}}]}').expect(400)).body.message).toBe(
      'items.0.constructor: is not an accepted field name',
    );
    await post(callback, JSON.stringify({ text: 'x'.repeat(100_001) })).expect(400);
    expect(seen).toHaveLength(1);
  });

  it('refuses NUL in the query and in path parameters', async () => {
    const { callback, seen } = buildApp();
    expect((await request(callback).get('/api/notes?search=a%00b').expect(400)).body.message).toBe('search: must not contain NUL characters');
    expect((await post(callback, '{}', '/api/notes/1%00').expect(400)).body.message).toBe('(path): must not contain NUL characters');
    expect((await post(callback, '{}', '/api/notes/%E0%A4%A').expect(400)).body.message).toBe('(path): is not valid percent-encoding');
    expect(seen).toEqual([]);
  });
});

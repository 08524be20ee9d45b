import request from 'supertest';
import { ORIGIN, sessionCookie, startGateway, type TestGateway } from './support/gateway.js';

describe('sessions cached for a moment between requests', () => {
  const CACHE_MS = 400;
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ sessionCacheMs: CACHE_MS });
  });
  afterAll(() => gateway.close());

  async function signIn(email: string) {
    const res = await request(gateway.callback).post('/api/dev-login').set('Origin', ORIGIN).send({ email }).expect(200);
    const cookie = `pp_session=${/^pp_session=([^;]+)/.exec(sessionCookie(res) ?? '')?.[1]}`;
    const user = await gateway.db.knex('users').where('email_key', email).first();
    return { cookie, sessions: () => gateway.db.knex('sessions').where('user_id', user.id) };
  }

  it('signing out here refuses the session at once', async () => {
    const { cookie } = await signIn('cached-out@example.com');
    await request(gateway.callback).get('/api/auth/user').set('Cookie', cookie).expect(200);
    await request(gateway.callback).get('/api/logout').set('Cookie', cookie).expect(302);
    await request(gateway.callback).get('/api/auth/user').set('Cookie', cookie).expect(401);
  });

  it('a session ended elsewhere is honoured no longer than the cache time', async () => {
    const { cookie, sessions } = await signIn('cached-elsewhere@example.com');
    await request(gateway.callback).get('/api/auth/user').set('Cookie', cookie).expect(200);
    // Another gateway replica signed the user out: only the row is gone.
    await sessions().delete();
    await new Promise((resolve) => setTimeout(resolve, CACHE_MS + 50));
    await request(gateway.callback).get('/api/auth/user').set('Cookie', cookie).expect(401);
  });

  it('answers from the cache without asking the database again', async () => {
    const { cookie } = await signIn('cached-hit@example.com');
    await request(gateway.callback).get('/api/auth/user').set('Cookie', cookie).expect(200);
    const queries: string[] = [];
    const record = (query: { sql: string }) => queries.push(query.sql);
    gateway.db.knex.on('query', record);
    try {
      await request(gateway.callback).get('/api/auth/user').set('Cookie', cookie).expect(200);
    } finally {
      gateway.db.knex.off('query', record);
    }
    expect(queries.filter((sql) => sql.includes('sessions'))).toEqual([]);
  });
});

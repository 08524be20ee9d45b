import request from 'supertest';
import { ORIGIN, sessionCookie, signedInAgent, startGateway, type TestGateway } from './support/gateway.js';

describe('sign-in, session and sign-out', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  it('answers 401 for the current user when signed out', async () => {
    await request(gateway.callback).get('/api/auth/user').expect(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' });
  });

  it('creates the user and tenant on first sign-in and sets an httpOnly, SameSite=Lax session cookie', async () => {
    const agent = request.agent(gateway.callback);
    const res = await agent.post('/api/dev-login').set('Origin', ORIGIN).send({ email: 'Ada@Example.com' }).expect(200, { ok: true });
    const cookie = sessionCookie(res);
    expect(cookie).toMatch(/^pp_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/secure/i);
    const expires = new Date(/expires=([^;]+)/i.exec(cookie ?? '')?.[1] ?? '');
    expect(expires.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    const user = await agent.get('/api/auth/user').expect(200);
    expect(user.body).toEqual({
      id: expect.any(String),
      role: 'owner',
      companyName: 'Ada@Example.com',
      firstName: null,
      lastName: null,
      email: 'Ada@Example.com',
      profileImageUrl: null,
      bulkPoSuffix: '-BL',
      bulkEstimateSuffix: '-BL',
      faxNumber: '',
      pullTicketPrices: 'none',
      settingsVersion: expect.any(String),
    });
  });

  it('stores only a hash of the session id', async () => {
    const res = await request(gateway.callback).post('/api/dev-login').set('Origin', ORIGIN).send({ email: 'hash@example.com' }).expect(200);
    const token = /^pp_session=([^;]+)/.exec(sessionCookie(res) ?? '')?.[1];
    const rows = await gateway.db.knex('sessions').select('token_hash');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row: { token_hash: string }) => row.token_hash === token)).toBe(false);
    expect(rows.every((row: { token_hash: string }) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('signs the same address into the same account, whatever its case', async () => {
    const first = await signedInAgent(gateway, 'same@example.com');
    const second = await signedInAgent(gateway, 'SAME@example.com');
    const a = await first.get('/api/auth/user').expect(200);
    const b = await second.get('/api/auth/user').expect(200);
    expect(b.body.id).toBe(a.body.id);
  });

  it('rotates the session id on sign-in: the previous id stops working', async () => {
    const agent = request.agent(gateway.callback);
    const first = await agent.post('/api/dev-login').set('Origin', ORIGIN).send({ email: 'rotate@example.com' }).expect(200);
    const firstCookie = /^pp_session=([^;]+)/.exec(sessionCookie(first) ?? '')?.[1];
    const second = await agent.post('/api/dev-login').set('Origin', ORIGIN).send({ email: 'rotate@example.com' }).expect(200);
    const secondCookie = /^pp_session=([^;]+)/.exec(sessionCookie(second) ?? '')?.[1];
    expect(secondCookie).toBeDefined();
    expect(secondCookie).not.toBe(firstCookie);
    await request(gateway.callback).get('/api/auth/user').set('Cookie', `pp_session=${firstCookie}`).expect(401);
    await request(gateway.callback).get('/api/auth/user').set('Cookie', `pp_session=${secondCookie}`).expect(200);
  });

  it('marks the cookie Secure when the request came over https through a trusted proxy', async () => {
    const behindProxy = await startGateway({ trustProxy: true, allowedOrigins: ['https://app.test'] });
    try {
      const res = await request(behindProxy.callback)
        .post('/api/dev-login')
        .set('X-Forwarded-Proto', 'https')
        .set('Origin', 'https://app.test')
        .send({ email: 'secure@example.com' })
        .expect(200);
      expect(sessionCookie(res)).toMatch(/;\s*secure/i);
    } finally {
      await behindProxy.close();
    }
  });

  it('marks the cookie Secure behind a TLS proxy it does not trust when the public origin is https', async () => {
    const behindProxy = await startGateway({ publicOrigin: 'https://app.test' });
    try {
      const res = await request(behindProxy.callback).post('/api/dev-login').set('Origin', 'https://app.test').send({ email: 'tls@example.com' }).expect(200);
      expect(sessionCookie(res)).toMatch(/;\s*secure/i);
    } finally {
      await behindProxy.close();
    }
  });

  it('slides the 30-day expiry forward on use and refuses an expired session', async () => {
    const res = await request(gateway.callback).post('/api/dev-login').set('Origin', ORIGIN).send({ email: 'slide@example.com' }).expect(200);
    const token = /^pp_session=([^;]+)/.exec(sessionCookie(res) ?? '')?.[1];
    const user = await gateway.db.knex('users').where('email_key', 'slide@example.com').first();
    const sessions = () => gateway.db.knex('sessions').where('user_id', user.id);

    await sessions().update({ expires_at: new Date(Date.now() + 24 * 3600 * 1000) });
    const used = await request(gateway.callback).get('/api/auth/user').set('Cookie', `pp_session=${token}`).expect(200);
    const resent = sessionCookie(used);
    expect(resent).toContain(`pp_session=${token};`);
    const expiresAt = new Date((await sessions().first()).expires_at).getTime();
    expect(expiresAt - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    const again = await request(gateway.callback).get('/api/auth/user').set('Cookie', `pp_session=${token}`).expect(200);
    expect(sessionCookie(again)).toBeUndefined();

    await sessions().update({ expires_at: new Date(Date.now() - 1000) });
    await request(gateway.callback).get('/api/auth/user').set('Cookie', `pp_session=${token}`).expect(401);
  });

  it('ignores a forged or unknown session cookie', async () => {
    await request(gateway.callback).get('/api/auth/user').set('Cookie', 'pp_session=not-a-token').expect(401);
    await request(gateway.callback)
      .get('/api/auth/user')
      .set('Cookie', `pp_session=${'A'.repeat(43)}`)
      .expect(401);
  });

  it('signs out: destroys the session, clears the cookie and redirects to /', async () => {
    const agent = await signedInAgent(gateway, 'bye@example.com');
    const cookieBefore = await agent.get('/api/auth/user').expect(200);
    expect(cookieBefore.body.email).toBe('bye@example.com');
    const res = await agent.get('/api/logout').expect(302);
    expect(res.headers.location).toBe('/');
    expect(sessionCookie(res)).toMatch(/^pp_session=;.*expires=Thu, 01 Jan 1970/i);
    await agent.get('/api/auth/user').expect(401);
  });

  it('ignores a sign-out another site triggers (a link or an image pointing at /api/logout)', async () => {
    const agent = await signedInAgent(gateway, 'stay@example.com');
    const res = await agent.get('/api/logout').set('Sec-Fetch-Site', 'cross-site').expect(302);
    expect(res.headers.location).toBe('/');
    expect(sessionCookie(res)).toBeUndefined();
    await agent.get('/api/auth/user').expect(200);
    await agent.get('/api/logout').set('Sec-Fetch-Site', 'same-origin').expect(302);
    await agent.get('/api/auth/user').expect(401);
  });

  it('requires a well-formed e-mail and stores nothing otherwise', async () => {
    const before = await gateway.db.knex('users').count<{ count: number }[]>('* as count');
    const missing = await request(gateway.callback).post('/api/dev-login').set('Origin', ORIGIN).send({}).expect(400);
    expect(missing.body).toMatchObject({ message: 'email: Email is required', code: 'VALIDATION_FAILED' });
    const blank = await request(gateway.callback).post('/api/dev-login').set('Origin', ORIGIN).send({ email: '  ' }).expect(400);
    expect(blank.body.message).toBe('email: Email is required');
    const malformed = await request(gateway.callback).post('/api/dev-login').set('Origin', ORIGIN).send({ email: 'not-an-address' }).expect(400);
    expect(malformed.body.message).toBe('email: Enter a valid email address');
    expect(sessionCookie(malformed)).toBeUndefined();
    const after = await gateway.db.knex('users').count<{ count: number }[]>('* as count');
    expect(after[0]?.count).toBe(before[0]?.count);
  });

  it('sends the browser to the e-mail sign-in page when no OpenID Connect issuer is configured', async () => {
    const res = await request(gateway.callback).get('/api/login').expect(302);
    expect(res.headers.location).toBe('/login');
    await request(gateway.callback).get('/api/callback?code=x&state=y').expect(404);
  });
});

describe('dev sign-in switched off', () => {
  it('answers 404 and sets no cookie', async () => {
    const gateway = await startGateway({ devLogin: false });
    try {
      const res = await request(gateway.callback).post('/api/dev-login').set('Origin', ORIGIN).send({ email: 'a@example.com' }).expect(404);
      expect(res.body.code).toBe('NOT_FOUND');
      expect(sessionCookie(res)).toBeUndefined();
    } finally {
      await gateway.close();
    }
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 with Retry-After once an address signs in too often', async () => {
    const gateway = await startGateway({ rateLimits: { signIn: { max: 3, windowMs: 60_000 }, contact: { max: 5, windowMs: 600_000 } } });
    try {
      for (let i = 0; i < 3; i += 1) {
        await request(gateway.callback)
          .post('/api/dev-login')
          .set('Origin', ORIGIN)
          .send({ email: `r${i}@example.com` })
          .expect(200);
      }
      const res = await request(gateway.callback).post('/api/dev-login').set('Origin', ORIGIN).send({ email: 'r4@example.com' }).expect(429);
      expect(res.body.code).toBe('RATE_LIMITED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await gateway.close();
    }
  });
});

import request from 'supertest';
import { ORIGIN, sessionCookie, startGateway, type TestGateway } from './support/gateway.js';
import { startDocumentsPeer, type DocumentsPeer } from './support/documentsPeer.js';
import { startOidcProvider, type OidcUser, type TestOidcProvider } from './support/oidcProvider.js';

const REDIRECT_URI = 'http://app.test/api/callback';

describe('OpenID Connect sign-in', () => {
  let provider: TestOidcProvider;
  let gateway: TestGateway;
  let documents: DocumentsPeer;

  beforeAll(async () => {
    provider = await startOidcProvider();
    documents = await startDocumentsPeer();
    gateway = await startGateway({
      devLogin: false,
      serviceUrls: { documents: documents.url },
      oidc: {
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        redirectUri: REDIRECT_URI,
        scope: 'openid email profile',
        allowInsecureRequests: true,
      },
    });
  });
  afterAll(async () => {
    await gateway.close();
    await provider.close();
    await documents.close();
  });

  /** Follows /api/login to the provider and back, as a browser would; returns the callback query and the login cookie. */
  async function authorize() {
    const login = await request(gateway.callback).get('/api/login').expect(302);
    const authorizeUrl = new URL(login.headers.location as string);
    const loginCookie = (login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('pp_oidc='))?.split(';')[0] ?? '';
    const answer = await fetch(authorizeUrl, { redirect: 'manual' });
    const back = new URL(answer.headers.get('location') ?? '');
    return { authorizeUrl, loginCookie, back };
  }

  it('sends the browser to the issuer with PKCE, state and nonce', async () => {
    const { authorizeUrl, loginCookie } = await authorize();
    expect(authorizeUrl.origin).toBe(provider.issuer);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorizeUrl.searchParams.get('state')).toBeTruthy();
    expect(authorizeUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(loginCookie).toMatch(/^pp_oidc=/);
  });

  it('signs in on the callback, creates the account from the claims and redirects to /', async () => {
    provider.signInAs({
      sub: 'sub-1',
      email: 'oidc@example.com',
      given_name: 'Olive',
      family_name: 'Dee',
      picture: 'https://img.example/o.png',
      email_verified: true,
    });
    const { back, loginCookie } = await authorize();
    const res = await request(gateway.callback).get(`/api/callback${back.search}`).set('Cookie', loginCookie).expect(302);
    expect(res.headers.location).toBe('/');
    const session = sessionCookie(res)?.split(';')[0] ?? '';
    const user = await request(gateway.callback).get('/api/auth/user').set('Cookie', session).expect(200);
    expect(user.body).toMatchObject({
      email: 'oidc@example.com',
      firstName: 'Olive',
      lastName: 'Dee',
      profileImageUrl: 'https://img.example/o.png',
      bulkPoSuffix: '-BL',
    });

    // The same callback cannot be used twice.
    await request(gateway.callback).get(`/api/callback${back.search}`).set('Cookie', loginCookie).expect(401);
  });

  it('refuses a callback whose state does not match', async () => {
    const { back, loginCookie } = await authorize();
    back.searchParams.set('state', 'forged');
    const res = await request(gateway.callback).get(`/api/callback${back.search}`).set('Cookie', loginCookie).expect(401);
    expect(res.body).toEqual({ message: 'Sign-in failed', code: 'UNAUTHORIZED' });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('refuses a callback from a browser that did not start the sign-in', async () => {
    const { back } = await authorize();
    await request(gateway.callback).get(`/api/callback${back.search}`).expect(401);
  });

  /** Signs `claims` in through the whole flow and answers the session cookie. */
  async function signIn(claims: OidcUser): Promise<string> {
    provider.signInAs(claims);
    const { back, loginCookie } = await authorize();
    const res = await request(gateway.callback).get(`/api/callback${back.search}`).set('Cookie', loginCookie).expect(302);
    return sessionCookie(res)?.split(';')[0] ?? '';
  }

  it('joins an invited address to the inviting company when the issuer vouches for it, and only then', async () => {
    const owner = await signIn({ sub: 'owner-1', email: 'owner@lonestarprint.test', email_verified: true });
    for (const email of ['vouched@lonestarprint.test', 'unvouched@lonestarprint.test']) {
      await request(gateway.callback).post('/api/team/invitations').set('Origin', ORIGIN).set('Cookie', owner).send({ email, role: 'viewer' }).expect(201);
    }
    const vouched = await signIn({ sub: 'staff-1', email: 'vouched@lonestarprint.test', email_verified: true });
    const unvouched = await signIn({ sub: 'staff-2', email: 'unvouched@lonestarprint.test', email_verified: false });
    const userOf = async (session: string) => (await request(gateway.callback).get('/api/auth/user').set('Cookie', session).expect(200)).body;
    expect(await userOf(vouched)).toMatchObject({ role: 'viewer', companyName: 'owner@lonestarprint.test' });
    expect(await userOf(unvouched)).toMatchObject({ role: 'owner', companyName: 'unvouched@lonestarprint.test' });
  });
});

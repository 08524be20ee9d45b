import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import OAuthClient from 'intuit-oauth';
import { CLIENT, consentForm as form, readJson, startSandbox, type AuthFault, type Running } from './support.js';

let running: Running;
beforeAll(async () => {
  running = await startSandbox();
});
afterAll(() => running.stop());

describe('intuit-oauth against the sandbox', () => {
  it('runs the whole token lifecycle', async () => {
    const { sandbox, baseUrl } = running;
    const client = new OAuthClient({
      clientId: CLIENT.clientId,
      clientSecret: CLIENT.clientSecret,
      environment: 'sandbox',
      redirectUri: CLIENT.redirectUris[0]!,
    });
    client.setAuthorizeURLs(sandbox.urls);
    const authorizeUri = client.authorizeUri({ scope: [OAuthClient.scopes.Accounting], state: 'state-123' });
    expect(authorizeUri.startsWith(`${baseUrl}/connect/oauth2?`)).toBe(true);

    const page = await fetch(authorizeUri);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Northwind Print Brokers');
    expect(html).toContain('Harbor Print Partners');
    const { action, fields, realms } = form(html);
    const realmId = realms[1]!;

    const approve = await fetch(action, {
      method: 'POST',
      body: new URLSearchParams({ ...fields, realmId, decision: 'approve' }),
      redirect: 'manual',
    });
    expect(approve.status).toBe(302);
    const callback = approve.headers.get('location')!;
    const callbackUrl = new URL(callback);
    expect(callbackUrl.origin + callbackUrl.pathname).toBe(CLIENT.redirectUris[0]);
    expect(callbackUrl.searchParams.get('state')).toBe('state-123');
    expect(callbackUrl.searchParams.get('realmId')).toBe(realmId);

    const created = await client.createToken(callback);
    const token = created.getJson();
    expect(token).toEqual(expect.objectContaining({ token_type: 'bearer', expires_in: 3600, x_refresh_token_expires_in: 8726400 }));
    expect(token.id_token).toBeUndefined();
    expect(client.getToken().realmId).toBe(realmId);

    const apiUrl = `${sandbox.urls.apiBase}/${realmId}/query?query=${encodeURIComponent('select * from Customer maxresults 5')}&minorversion=75`;
    const result = await client.makeApiCall({ url: apiUrl });
    expect(result.json.QueryResponse.Customer).toHaveLength(5);

    const userInfo = await client.getUserInfo();
    expect(userInfo.getJson()).toEqual(expect.objectContaining({ email: expect.stringContaining('@'), emailVerified: true }));

    sandbox.admin.expireTokens(realmId);
    const expired = await fetch(apiUrl, { headers: { authorization: `Bearer ${token.access_token}`, accept: 'application/json' } });
    expect(expired.status).toBe(401);
    const fault = await readJson<AuthFault>(expired);
    expect(fault.fault.type).toBe('AUTHENTICATION');
    expect(fault.fault.error[0]).toEqual(
      expect.objectContaining({
        message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401',
        code: '3200',
        detail: expect.stringMatching(/^Token expired/),
      }),
    );
    await expect(client.makeApiCall({ url: apiUrl })).rejects.toMatchObject({ code: '401' });

    const oldRefresh = token.refresh_token;
    const refreshed = (await client.refresh()).getJson();
    expect(refreshed.refresh_token).not.toBe(oldRefresh);
    expect((await client.makeApiCall({ url: apiUrl })).status).toBe(200);
    await expect(client.refreshUsingToken(oldRefresh)).rejects.toMatchObject({ error: 'invalid_grant' });
    client.setToken({ ...refreshed, realmId, createdAt: Date.now() });

    await client.revoke();
    const afterRevoke = await fetch(apiUrl, { headers: { authorization: `Bearer ${refreshed.access_token}` } });
    expect(afterRevoke.status).toBe(401);
    await expect(client.refreshUsingToken(refreshed.refresh_token)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('answers the openid scope with an RS256 id_token that intuit-oauth validates against the JWKS', async () => {
    const { sandbox } = running;
    const client = new OAuthClient({
      clientId: CLIENT.clientId,
      clientSecret: CLIENT.clientSecret,
      environment: 'sandbox',
      redirectUri: CLIENT.redirectUris[0]!,
    });
    client.setAuthorizeURLs(sandbox.urls);
    const previousJwks = OAuthClient.jwks_uri;
    OAuthClient.jwks_uri = sandbox.urls.jwksUri;
    try {
      const consent = form(await (await fetch(client.authorizeUri({ scope: [OAuthClient.scopes.Accounting, OAuthClient.scopes.OpenId], state: 's' }))).text());
      const realmId = consent.realms[0]!;
      const approve = await fetch(consent.action, {
        method: 'POST',
        body: new URLSearchParams({ ...consent.fields, realmId, decision: 'approve' }),
        redirect: 'manual',
      });
      const token = (await client.createToken(approve.headers.get('location')!)).getJson();
      const [header, payload] = String(token.id_token)
        .split('.')
        .slice(0, 2)
        .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>);
      expect(header).toEqual({ kid: expect.any(String), alg: 'RS256' });
      expect(payload).toEqual({
        sub: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/),
        aud: [CLIENT.clientId],
        realmid: realmId,
        auth_time: expect.any(Number),
        iss: 'https://oauth.platform.intuit.com/op/v1',
        exp: (payload!.iat as number) + 3600,
        iat: expect.any(Number),
      });
      await expect(client.validateIdToken()).resolves.toBe(true);
      expect((await client.getUserInfo()).getJson()).toMatchObject({ sub: payload!.sub });

      // A refresh never carries one.
      expect((await client.refresh()).getJson().id_token).toBeUndefined();
    } finally {
      OAuthClient.jwks_uri = previousJwks;
    }
  });

  it('refuses a bad client secret and an unregistered redirect URI like Intuit', async () => {
    const { sandbox } = running;
    const bad = await fetch(sandbox.urls.tokenEndpoint, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${CLIENT.clientId}:wrong`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&refresh_token=x',
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: 'invalid_client' });
    const page = await fetch(
      `${sandbox.urls.authorizeEndpoint}?client_id=${CLIENT.clientId}&redirect_uri=${encodeURIComponent('https://evil.example/cb')}&response_type=code&scope=com.intuit.quickbooks.accounting&state=s`,
    );
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('redirect_uri query parameter value is invalid');
    const unknown = await fetch(`${sandbox.urls.authorizeEndpoint}?client_id=nope&redirect_uri=x&response_type=code&scope=com.intuit.quickbooks.accounting`);
    expect(unknown.status).toBe(400);
  });

  it('shows the ask-your-admin page to a non-admin user and denies on cancel', async () => {
    const { sandbox } = running;
    const url = `${sandbox.urls.authorizeEndpoint}?client_id=${CLIENT.clientId}&redirect_uri=${encodeURIComponent(CLIENT.redirectUris[0]!)}&response_type=code&scope=com.intuit.quickbooks.accounting&state=s1`;
    const html = await (await fetch(url)).text();
    const nonAdminLink = /href="([^"]+)">Sign in as a non-admin user/.exec(html)![1]!.replace(/&#38;/g, '&');
    const nonAdmin = await (await fetch(nonAdminLink)).text();
    expect(nonAdmin).toContain('Ask your admin');
    const { action, fields, realms } = form(html);
    const cancel = await fetch(action, {
      method: 'POST',
      body: new URLSearchParams({ ...fields, realmId: realms[0]!, decision: 'cancel' }),
      redirect: 'manual',
    });
    const location = new URL(cancel.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('s1');
  });
});

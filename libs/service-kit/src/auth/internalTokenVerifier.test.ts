import { createHmac } from 'node:crypto';
import { createInternalTokenVerifier } from './internalTokenVerifier.js';
import { signInternalToken } from './internalToken.js';

const secret = 'verifier-test-secret-with-enough-entropy';
const alice = { tenantId: 'tenant-a', userId: 'alice' };

describe('internal tokens checked once per token', () => {
  it('refuses a token it accepted before once that token has expired', async () => {
    let now = Date.UTC(2026, 10, 22, 12);
    const verify = createInternalTokenVerifier(secret, { now: () => now });
    const token = await signInternalToken(alice, secret, { ttlSeconds: 60, now });
    expect((await verify(token))?.caller).toEqual(alice);
    now += 59_000;
    expect((await verify(token))?.caller).toEqual(alice);
    now += 2_000;
    expect(await verify(token)).toBeNull();
  });

  it('checks any other text in full, however close to a token it accepted', async () => {
    const verify = createInternalTokenVerifier(secret);
    const token = await signInternalToken(alice, secret);
    expect((await verify(token))?.caller).toEqual(alice);
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ tenantId: 'tenant-b', userId: 'alice', exp: 9_999_999_999 })).toString('base64url');
    expect(await verify(`${header}.${forgedPayload}.${signature}`)).toBeNull();
    expect(await verify(await signInternalToken(alice, 'another-secret'))).toBeNull();
    expect(await verify(undefined)).toBeNull();
  });

  it('hands every request an identity no handler can change for the next one', async () => {
    const verify = createInternalTokenVerifier(secret);
    const token = await signInternalToken(alice, secret);
    const claims = (await verify(token))!;
    expect(() => Object.assign(claims.caller, { tenantId: 'tenant-b' })).toThrow(TypeError);
    expect(() => Object.assign(claims, { service: 'svc-inventory' })).toThrow(TypeError);
    expect(await verify(token)).toMatchObject({ caller: alice, service: null });
  });

  it("tells a service's call from one made for a browser, and a payload that claims a service is refused", async () => {
    const verify = createInternalTokenVerifier(secret);
    expect(await verify(await signInternalToken(alice, secret, { service: 'svc-documents' }))).toMatchObject({ caller: alice, service: 'svc-documents' });
    expect((await verify(await signInternalToken(alice, secret)))?.service).toBeNull();
    const [header, , signature] = (await signInternalToken(alice, secret)).split('.');
    const claimed = Buffer.from(JSON.stringify({ ...alice, exp: 9_999_999_999, svc: 'svc-documents' })).toString('base64url');
    expect(await verify(`${header}.${claimed}.${signature}`)).toBeNull();
  });

  it("carries the member's role and name, and refuses a role that is none of the company's", async () => {
    const verify = createInternalTokenVerifier(secret);
    const member = { ...alice, role: 'viewer' as const, memberName: 'Alice Smith' };
    expect((await verify(await signInternalToken(member, secret)))?.caller).toEqual(member);
    const [header, , signature] = (await signInternalToken(alice, secret)).split('.');
    const promoted = Buffer.from(JSON.stringify({ ...alice, role: 'owner', exp: 9_999_999_999 })).toString('base64url');
    expect(await verify(`${header}.${promoted}.${signature}`)).toBeNull();
    const body = `${header}.${Buffer.from(JSON.stringify({ ...alice, role: 'admin', exp: 9_999_999_999 })).toString('base64url')}`;
    expect(await verify(`${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`)).toBeNull();
  });

  it('reads a token signed before roles and key ids existed as one without a role', async () => {
    const verify = createInternalTokenVerifier(secret);
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const body = `${header}.${Buffer.from(JSON.stringify({ ...alice, exp: 9_999_999_999 })).toString('base64url')}`;
    const caller = (await verify(`${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`))?.caller;
    expect(caller).toEqual(alice);
    expect(caller?.role).toBeUndefined();
  });

  it('accepts a token signed with a former secret while that secret is listed, and refuses it once it is not', async () => {
    const former = 'former-secret-with-enough-entropy';
    const token = await signInternalToken(alice, former);
    expect((await createInternalTokenVerifier(secret, { acceptedSecrets: [former] })(token))?.caller).toEqual(alice);
    expect(await createInternalTokenVerifier(secret)(token)).toBeNull();
    // A token that names no key is held to the secret the service signs with, never to a listed one.
    const [, payload] = token.split('.');
    const unnamed = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const body = `${unnamed}.${payload}`;
    expect(
      await createInternalTokenVerifier(secret, { acceptedSecrets: [former] })(`${body}.${createHmac('sha256', former).update(body).digest('base64url')}`),
    ).toBeNull();
  });
});

import { createInternalTokenVerifier } from './internalTokenVerifier.js';
import { signInternalToken } from './internalToken.js';

const secret = 'verifier-test-secret-with-enough-entropy';
const alice = { tenantId: 'tenant-a', userId: 'alice' };

describe('internal tokens checked once per token', () => {
  it('refuses a token it accepted before once that token has expired', () => {
    let now = Date.UTC(2026, 10, 22, 12);
    const verify = createInternalTokenVerifier(secret, { now: () => now });
    const token = signInternalToken(alice, secret, 60, now);
    expect(verify(token)).toEqual(alice);
    now += 59_000;
    expect(verify(token)).toEqual(alice);
    now += 2_000;
    expect(verify(token)).toBeNull();
  });

  it('checks any other text in full, however close to a token it accepted', () => {
    const verify = createInternalTokenVerifier(secret);
    const token = signInternalToken(alice, secret);
    expect(verify(token)).toEqual(alice);
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ tenantId: 'tenant-b', userId: 'alice', exp: 9_999_999_999 })).toString('base64url');
    expect(verify(`${header}.${forgedPayload}.${signature}`)).toBeNull();
    expect(verify(signInternalToken(alice, 'another-secret'))).toBeNull();
    expect(verify(undefined)).toBeNull();
  });

  it('hands every request an identity no handler can change for the next one', () => {
    const verify = createInternalTokenVerifier(secret);
    const token = signInternalToken(alice, secret);
    const caller = verify(token)!;
    expect(() => Object.assign(caller, { tenantId: 'tenant-b' })).toThrow(TypeError);
    expect(verify(token)).toEqual(alice);
  });
});

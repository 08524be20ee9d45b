import { createInternalTokenIssuer } from './internalTokenIssuer.js';
import { readSignedClaims, verifyInternalToken } from './internalToken.js';

const secret = 'issuer-test-secret-with-enough-entropy';
const alice = { tenantId: 'tenant-a', userId: 'alice' };

function clock(start = Date.UTC(2026, 10, 22, 12)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('internal tokens issued once per identity', () => {
  it('hands the same token to the same identity while it has at least half its life left', () => {
    const time = clock();
    const issue = createInternalTokenIssuer(secret, { now: time.now });
    const first = issue(alice);
    time.advance(29_000);
    expect(issue({ ...alice })).toBe(first);
    expect(verifyInternalToken(first, secret, time.now())).toEqual(alice);
  });

  it('signs a fresh token after half its life, the old one still valid until it expires', () => {
    const time = clock();
    const issue = createInternalTokenIssuer(secret, { now: time.now });
    const first = issue(alice);
    time.advance(30_000);
    const second = issue(alice);
    expect(second).not.toBe(first);
    expect(readSignedClaims(second, secret)!.exp).toBeGreaterThan(readSignedClaims(first, secret)!.exp);
    expect(verifyInternalToken(first, secret, time.now())).toEqual(alice);
    time.advance(31_000);
    expect(verifyInternalToken(first, secret, time.now())).toBeNull();
  });

  it('never hands one identity the token of another, however their ids run together', () => {
    const issue = createInternalTokenIssuer(secret);
    const identities = [
      alice,
      { tenantId: 'tenant-b', userId: 'alice' },
      { tenantId: 'tenant-a', userId: 'bob' },
      { tenantId: 'a', userId: 'b","c' },
      { tenantId: 'a","b', userId: 'c' },
    ];
    const tokens = identities.map((identity) => issue(identity));
    expect(new Set(tokens).size).toBe(identities.length);
    tokens.forEach((token, i) => expect(verifyInternalToken(token, secret)).toEqual(identities[i]));
  });

  it("signs a member's new role at once, not the token of the role they had", () => {
    const issue = createInternalTokenIssuer(secret);
    const asStaff = issue({ ...alice, role: 'staff', memberName: 'Alice Smith' });
    const asViewer = issue({ ...alice, role: 'viewer', memberName: 'Alice Smith' });
    expect(verifyInternalToken(asStaff, secret)).toEqual({ ...alice, role: 'staff', memberName: 'Alice Smith' });
    expect(verifyInternalToken(asViewer, secret)).toEqual({ ...alice, role: 'viewer', memberName: 'Alice Smith' });
  });

  it('names only the tenant, the member and their role, whatever else the caller object holds', () => {
    const token = createInternalTokenIssuer(secret)({ ...alice, tokenHash: 'session-secret' } as typeof alice);
    expect(Buffer.from(token.split('.')[1]!, 'base64url').toString()).not.toContain('session-secret');
  });
});

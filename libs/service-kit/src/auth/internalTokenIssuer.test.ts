import { createInternalTokenIssuer } from './internalTokenIssuer.js';
import { internalTokenKeys, verifyInternalToken, verifySignedClaims } from './internalToken.js';

const secret = 'issuer-test-secret-with-enough-entropy';
const alice = { tenantId: 'tenant-a', userId: 'alice' };

function clock(start = Date.UTC(2026, 10, 22, 12)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('internal tokens issued once per identity', () => {
  it('hands the same token to the same identity while it has at least half its life left', async () => {
    const time = clock();
    const issue = createInternalTokenIssuer(secret, { now: time.now });
    const first = await issue(alice);
    time.advance(29_000);
    expect(await issue({ ...alice })).toBe(first);
    expect(await verifyInternalToken(first, secret, time.now())).toEqual(alice);
  });

  it('signs a fresh token after half its life, the old one still valid until it expires', async () => {
    const time = clock();
    const issue = createInternalTokenIssuer(secret, { now: time.now });
    const first = await issue(alice);
    time.advance(30_000);
    const second = await issue(alice);
    expect(second).not.toBe(first);
    const expiry = async (token: string) => (await verifySignedClaims(token, internalTokenKeys(secret), time.now()))!.exp;
    expect(await expiry(second)).toBeGreaterThan(await expiry(first));
    expect(await verifyInternalToken(first, secret, time.now())).toEqual(alice);
    time.advance(31_000);
    expect(await verifyInternalToken(first, secret, time.now())).toBeNull();
  });

  it('never hands one identity the token of another, however their ids run together', async () => {
    const issue = createInternalTokenIssuer(secret);
    const identities = [
      alice,
      { tenantId: 'tenant-b', userId: 'alice' },
      { tenantId: 'tenant-a', userId: 'bob' },
      { tenantId: 'a', userId: 'b","c' },
      { tenantId: 'a","b', userId: 'c' },
    ];
    const tokens = await Promise.all(identities.map((identity) => issue(identity)));
    expect(new Set(tokens).size).toBe(identities.length);
    expect(await Promise.all(tokens.map((token) => verifyInternalToken(token, secret)))).toEqual(identities);
  });

  it("signs a member's new role at once, not the token of the role they had", async () => {
    const issue = createInternalTokenIssuer(secret);
    const asStaff = await issue({ ...alice, role: 'staff', memberName: 'Alice Smith' });
    const asViewer = await issue({ ...alice, role: 'viewer', memberName: 'Alice Smith' });
    expect(await verifyInternalToken(asStaff, secret)).toEqual({ ...alice, role: 'staff', memberName: 'Alice Smith' });
    expect(await verifyInternalToken(asViewer, secret)).toEqual({ ...alice, role: 'viewer', memberName: 'Alice Smith' });
  });

  it('names only the tenant, the member and their role, whatever else the caller object holds', async () => {
    const token = await createInternalTokenIssuer(secret)({ ...alice, tokenHash: 'session-secret' } as typeof alice);
    expect(Buffer.from(token.split('.')[1]!, 'base64url').toString()).not.toContain('session-secret');
  });
});

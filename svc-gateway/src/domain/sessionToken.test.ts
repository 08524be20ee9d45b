import { hashSessionToken, isWellFormedSessionToken, newSessionToken, slidingExpiry } from './sessionToken.js';

const DAY = 24 * 60 * 60 * 1000;

describe('session tokens', () => {
  it('are 32 random bytes, never repeated, and hashed with SHA-256', () => {
    const a = newSessionToken();
    const b = newSessionToken();
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(isWellFormedSessionToken(a)).toBe(true);
    expect(hashSessionToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionToken(a)).toBe(hashSessionToken(a));
  });

  it('refuses anything we would not have issued', () => {
    expect(isWellFormedSessionToken(undefined)).toBe(false);
    expect(isWellFormedSessionToken('')).toBe(false);
    expect(isWellFormedSessionToken('a'.repeat(44))).toBe(false);
    expect(isWellFormedSessionToken(`${'a'.repeat(42)}=`)).toBe(false);
  });

  it('slides the expiry to now + ttl, at most once an hour', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    const fresh = new Date(now.getTime() + 30 * DAY - 60_000);
    expect(slidingExpiry(fresh, now, 30 * DAY)).toBeNull();
    const older = new Date(now.getTime() + 29 * DAY);
    expect(slidingExpiry(older, now, 30 * DAY)).toEqual(new Date(now.getTime() + 30 * DAY));
  });
});

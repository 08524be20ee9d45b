import { hash, randomBytes } from 'node:crypto';

/** A new session id: 32 random bytes. Only its hash is stored, so a database leak opens no session. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 in hex, in one shot: every API call hashes its cookie to find its session. */
export function hashSessionToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Tokens we issue are 43 base64url characters; anything else is not worth a database query. */
export function isWellFormedSessionToken(token: string | undefined): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
}

/**
 * Sliding expiry: each use pushes the expiry to now + ttl, but at most once per `granularityMs`
 * so a busy browser does not write the session row on every request.
 */
export function slidingExpiry(expiresAt: Date, now: Date, ttlMs: number, granularityMs = 60 * 60 * 1000): Date | null {
  const next = new Date(now.getTime() + ttlMs);
  return next.getTime() - expiresAt.getTime() >= granularityMs ? next : null;
}

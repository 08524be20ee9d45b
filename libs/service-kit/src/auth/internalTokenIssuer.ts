import { createExpiringCache } from '../cache/expiringCache.js';
import { INTERNAL_TOKEN_TTL_SECONDS, signInternalToken, type CallerIdentity } from './internalToken.js';

export interface InternalTokenIssuerOptions {
  ttlSeconds?: number;
  /** Identities kept at most; the oldest issued goes first. */
  maxEntries?: number;
  now?: () => number;
  /** The issuing service's name (SignedClaims.service); unset for the gateway, which calls for browsers. */
  service?: string;
}

/**
 * Signs internal tokens once per identity rather than once per call: a busy browser's calls
 * all name the same tenant and user, and signing was a measurable share of each forwarded
 * request (bench/api/RESULTS.md). A token is handed out for the first half of its life only,
 * so a service always receives one with at least half its lifetime left.
 */
export function createInternalTokenIssuer(secret: string, options: InternalTokenIssuerOptions = {}): (identity: CallerIdentity) => Promise<string> {
  const { ttlSeconds = INTERNAL_TOKEN_TTL_SECONDS, maxEntries = 10_000, now = Date.now, service } = options;
  const issued = createExpiringCache<string>(maxEntries);
  return async (identity) => {
    // A changed role or name is a different identity: its token must say so at once.
    const key = JSON.stringify([identity.tenantId, identity.userId, identity.role ?? null, identity.memberName ?? null]);
    const at = now();
    const cached = issued.get(key, at);
    if (cached) return cached;
    const token = await signInternalToken(identity, secret, { ttlSeconds, now: at, service });
    issued.set(key, token, at + (ttlSeconds * 1000) / 2);
    return token;
  };
}

import { createExpiringCache } from '../cache/expiringCache.js';
import { internalTokenKeys, verifySignedClaims, type SignedClaims } from './internalToken.js';

export interface InternalTokenVerifierOptions {
  /** Secrets besides `secret` whose tokens are accepted too (INTERNAL_TOKEN_ACCEPTED_SECRETS): one being retired or one coming in. */
  acceptedSecrets?: readonly string[];
  /** Tokens remembered at most; the oldest verified goes first. */
  maxEntries?: number;
  now?: () => number;
}

/**
 * verifyInternalToken for a service's every request. The gateway reuses a token for many calls,
 * so the signature of the exact token text is checked once and remembered until the token
 * expires; expiry is still checked on every call, and text that never verified is checked
 * in full each time.
 */
export function createInternalTokenVerifier(
  secret: string,
  options: InternalTokenVerifierOptions = {},
): (token: string | undefined) => Promise<SignedClaims | null> {
  const { maxEntries = 10_000, now = Date.now } = options;
  const keys = internalTokenKeys(secret, options.acceptedSecrets);
  const verified = createExpiringCache<SignedClaims>(maxEntries);
  return async (token) => {
    if (!token) return null;
    const at = now();
    const remembered = verified.get(token, at);
    if (remembered) return remembered;
    const claims = await verifySignedClaims(token, keys, at);
    if (!claims) return null;
    // Shared by every request that carries this token, so no handler may change it for the others.
    Object.freeze(claims.caller);
    Object.freeze(claims);
    // Valid while exp is not before the current second, that is until the second after exp begins.
    verified.set(token, claims, (claims.exp + 1) * 1000);
    return claims;
  };
}

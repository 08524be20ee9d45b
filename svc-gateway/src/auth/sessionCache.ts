import { createExpiringCache } from '@printpool/service-kit';
import { hashSessionToken, isWellFormedSessionToken } from '../domain/sessionToken.js';
import type { ActiveSession, SessionStore } from './sessionStore.js';

export interface SessionCacheOptions {
  /** How long a looked-up session is trusted without asking the database again; 0 turns the cache off. */
  ttlMs: number;
  /** Sessions kept at most; the oldest lookup goes first. */
  maxEntries?: number;
  now?: () => number;
}

/**
 * Every API call resolves its session, and on a busy gateway that lookup is a database round
 * trip per request (bench/api/RESULTS.md). A resolved session is kept for a few seconds. Signing
 * out through this gateway forgets it at once; on another replica of the gateway a signed-out
 * session can be honoured for at most `ttlMs` more (docs/architecture.md, security).
 */
export function cachedSessionStore(store: SessionStore, options: SessionCacheOptions): SessionStore {
  const { ttlMs, maxEntries = 10_000, now = Date.now } = options;
  if (ttlMs <= 0) return store;
  const entries = createExpiringCache<ActiveSession>(maxEntries);

  const forget = (token: string | undefined) => {
    if (isWellFormedSessionToken(token)) entries.delete(hashSessionToken(token));
  };

  return {
    async create(identity, replacing) {
      forget(replacing);
      return store.create(identity, replacing);
    },

    async resolve(token) {
      if (!isWellFormedSessionToken(token)) return null;
      const key = hashSessionToken(token);
      const at = now();
      const hit = entries.get(key, at);
      if (hit) return hit;
      const session = await store.resolve(token);
      if (!session) return null;
      // The cookie goes out again only with the answer that moved the expiry, not with every cached one.
      entries.set(key, { ...session, extended: false }, Math.min(at + ttlMs, session.expiresAt.getTime()));
      return session;
    },

    async destroy(token) {
      forget(token);
      await store.destroy(token);
    },
  };
}

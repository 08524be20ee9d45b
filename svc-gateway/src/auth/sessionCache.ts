import { hashSessionToken, isWellFormedSessionToken } from '../domain/sessionToken.js';
import type { ActiveSession, SessionStore } from './sessionStore.js';

export interface SessionCacheOptions {
  /** How long a looked-up session is trusted without asking the database again; 0 turns the cache off. */
  ttlMs: number;
  /** Sessions kept at most; the oldest lookup goes first. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  session: ActiveSession;
  until: number;
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
  const entries = new Map<string, Entry>();

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
      const hit = entries.get(key);
      if (hit && hit.until > at && hit.session.expiresAt.getTime() > at) return hit.session;
      entries.delete(key);
      const session = await store.resolve(token);
      if (!session) return null;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      // The cookie goes out again only with the answer that moved the expiry, not with every cached one.
      entries.set(key, { session: { ...session, extended: false }, until: at + ttlMs });
      return session;
    },

    async destroy(token) {
      forget(token);
      await store.destroy(token);
    },
  };
}

import { createExpiringCache, type TenantChangeListener } from '@printpool/service-kit';
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
 * A session store that keeps what it resolved, and hears which companies' members or sessions
 * changed (a member removed, a role changed, a session ended), by this gateway or another
 * replica, through the gateway schema's change feed (db/migrations.ts, 004_invitations).
 */
export interface CachedSessionStore extends SessionStore, TenantChangeListener {}

interface Entry {
  session: ActiveSession;
  generation: number;
  epoch: number;
}

/**
 * Every API call resolves its session, and on a busy gateway that lookup is a database round
 * trip per request (bench/api/RESULTS.md). A resolved session is kept for a few seconds, but only
 * while every committed change to the company's members and sessions is sure to be heard
 * (`following`): a change moves the company's generation on, and a session kept under an older
 * one is looked up again. So a removed member, or one whose role changed, is refused or re-read
 * on their next request here, and on another replica once the notification reached it
 * (milliseconds, docs/architecture.md §3), however long `ttlMs` is.
 */
export function cachedSessionStore(store: SessionStore, options: SessionCacheOptions): CachedSessionStore {
  const { ttlMs, maxEntries = 10_000, now = Date.now } = options;
  if (ttlMs <= 0) return { ...store, changed: () => undefined, following: () => undefined, lost: () => undefined };
  const entries = createExpiringCache<Entry>(maxEntries);
  const generations = new Map<string, number>();
  let isFollowing = false;
  /** Moves on with every start and lapse of the feed: what was kept before may have missed a change. */
  let epoch = 0;
  /** Moves on with every change heard and every lapse of the feed: a lookup that saw it move keeps nothing. */
  let heard = 0;
  const generation = (tenantId: string) => generations.get(tenantId) ?? 0;

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
      if (!isFollowing) return store.resolve(token);
      const key = hashSessionToken(token);
      const at = now();
      const hit = entries.get(key, at);
      if (hit && hit.epoch === epoch && hit.generation === generation(hit.session.tenantId)) return hit.session;
      const before = heard;
      const session = await store.resolve(token);
      if (!session) return null;
      // A change heard while the row was read may have come after it: the answer serves this request only.
      if (isFollowing && heard === before) {
        // The cookie goes out again only with the answer that moved the expiry, not with every cached one.
        entries.set(
          key,
          { session: { ...session, extended: false }, generation: generation(session.tenantId), epoch },
          Math.min(at + ttlMs, session.expiresAt.getTime()),
        );
      }
      return session;
    },

    async destroy(token) {
      forget(token);
      await store.destroy(token);
    },

    changed(tenantId) {
      heard += 1;
      generations.set(tenantId, generation(tenantId) + 1);
    },

    following() {
      heard += 1;
      epoch += 1;
      isFollowing = true;
    },

    lost() {
      heard += 1;
      epoch += 1;
      isFollowing = false;
    },
  };
}

import type { Knex } from 'knex';
import type { CallerIdentity } from '@printpool/service-kit';
import { Session } from '../db/models/Session.js';
import { hashSessionToken, isWellFormedSessionToken, newSessionToken, slidingExpiry } from '../domain/sessionToken.js';

export interface ActiveSession extends CallerIdentity {
  tokenHash: string;
  expiresAt: Date;
  /** True when this request moved the expiry forward, so the cookie must be sent again. */
  extended: boolean;
}

export interface SessionStore {
  /** Starts a session; `replacing` (the browser's previous token) is ended so a planted id dies at sign-in. */
  create(identity: CallerIdentity, replacing?: string): Promise<{ token: string; expiresAt: Date }>;
  resolve(token: string | undefined): Promise<ActiveSession | null>;
  destroy(token: string | undefined): Promise<void>;
}

export function createSessionStore(knex: Knex, ttlMs: number, now: () => Date = () => new Date()): SessionStore {
  return {
    async create(identity, replacing) {
      const token = newSessionToken();
      const expiresAt = new Date(now().getTime() + ttlMs);
      await knex.transaction(async (trx) => {
        if (isWellFormedSessionToken(replacing)) {
          await Session.query(trx).delete().where('token_hash', hashSessionToken(replacing));
        }
        // Expired rows of this user go too, so the table does not grow with every sign-in.
        await Session.query(trx).delete().where({ tenant_id: identity.tenantId, user_id: identity.userId }).where('expires_at', '<=', now());
        await Session.query(trx).insert({
          tokenHash: hashSessionToken(token),
          tenantId: identity.tenantId,
          userId: identity.userId,
          expiresAt,
        });
      });
      return { token, expiresAt };
    },

    async resolve(token) {
      if (!isWellFormedSessionToken(token)) return null;
      const tokenHash = hashSessionToken(token);
      const at = now();
      const session = await Session.query(knex).where('token_hash', tokenHash).where('expires_at', '>', at).first();
      if (!session) return null;
      const next = slidingExpiry(new Date(session.expiresAt), at, ttlMs);
      if (next) await Session.query(knex).patch({ expiresAt: next }).where('token_hash', tokenHash);
      return { tokenHash, tenantId: session.tenantId, userId: session.userId, expiresAt: next ?? new Date(session.expiresAt), extended: next !== null };
    },

    async destroy(token) {
      if (!isWellFormedSessionToken(token)) return;
      await Session.query(knex).delete().where('token_hash', hashSessionToken(token));
    },
  };
}

import type { Knex } from 'knex';
import type { MemberRole } from '@printpool/contracts';
import type { CallerIdentity } from '@printpool/service-kit';
import { Session } from '../db/models/Session.js';
import { memberName } from '../domain/memberName.js';
import { hashSessionToken, isWellFormedSessionToken, newSessionToken, slidingExpiry } from '../domain/sessionToken.js';

interface SessionRow {
  tenant_id: string;
  user_id: string;
  expires_at: Date;
  role: MemberRole;
  first_name: string | null;
  last_name: string | null;
  email: string;
}

/** A signed-in member: always with their role and name (CallerIdentity leaves both optional for services). */
export interface ActiveSession extends CallerIdentity {
  role: MemberRole;
  memberName: string;
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
      // The member's role and name are read with the session, so a changed role counts from the next lookup.
      const session = await knex('sessions')
        .join('users', (on) => on.on('users.id', 'sessions.user_id').andOn('users.tenant_id', 'sessions.tenant_id'))
        .where('sessions.token_hash', tokenHash)
        .where('sessions.expires_at', '>', at)
        .first<SessionRow | undefined>(
          'sessions.tenant_id',
          'sessions.user_id',
          'sessions.expires_at',
          'users.role',
          'users.first_name',
          'users.last_name',
          'users.email',
        );
      if (!session) return null;
      const next = slidingExpiry(new Date(session.expires_at), at, ttlMs);
      if (next) await Session.query(knex).patch({ expiresAt: next }).where('token_hash', tokenHash);
      return {
        tokenHash,
        tenantId: session.tenant_id,
        userId: session.user_id,
        role: session.role,
        memberName: memberName({ firstName: session.first_name, lastName: session.last_name, email: session.email }),
        expiresAt: next ?? new Date(session.expires_at),
        extended: next !== null,
      };
    },

    async destroy(token) {
      if (!isWellFormedSessionToken(token)) return;
      await Session.query(knex).delete().where('token_hash', hashSessionToken(token));
    },
  };
}

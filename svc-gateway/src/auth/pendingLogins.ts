import type { Knex } from 'knex';
import { OidcLogin } from '../db/models/OidcLogin.js';
import { hashSessionToken, isWellFormedSessionToken, newSessionToken } from '../domain/sessionToken.js';
import type { PendingLogin } from './oidc.js';

export const PENDING_LOGIN_TTL_MS = 10 * 60 * 1000;

/** Keeps a sign-in's PKCE verifier server-side; the browser holds only a random key to it. */
export async function savePendingLogin(knex: Knex, pending: PendingLogin, now = new Date()): Promise<string> {
  const key = newSessionToken();
  await OidcLogin.query(knex).delete().where('expires_at', '<=', now);
  await OidcLogin.query(knex).insert({ tokenHash: hashSessionToken(key), ...pending, expiresAt: new Date(now.getTime() + PENDING_LOGIN_TTL_MS) });
  return key;
}

/** Returns the pending sign-in once: a callback URL replayed later finds nothing. */
export async function takePendingLogin(knex: Knex, key: string | undefined, now = new Date()): Promise<PendingLogin | null> {
  if (!isWellFormedSessionToken(key)) return null;
  const rows = await OidcLogin.query(knex).delete().where('token_hash', hashSessionToken(key)).where('expires_at', '>', now).returning('*');
  const row = (rows as unknown as OidcLogin[])[0];
  return row ? { codeVerifier: row.codeVerifier, state: row.state, nonce: row.nonce } : null;
}

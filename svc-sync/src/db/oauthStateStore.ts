import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

export const STATE_TTL_MS = 10 * 60_000;

const hash = (state: string) => createHash('sha256').update(state).digest('hex');

/** OAuth `state` values: random, bound to the tenant and user who asked, single use, short-lived. */
export class OAuthStateStore {
  constructor(private readonly knex: Knex) {}

  async issue(tenantId: string, userId: string, now = new Date()): Promise<string> {
    const state = randomBytes(32).toString('base64url');
    await this.knex('oauth_states').insert({
      state_hash: hash(state),
      tenant_id: tenantId,
      user_id: userId,
      expires_at: new Date(now.getTime() + STATE_TTL_MS),
    });
    // Expired states are useless; dropping them here keeps the table small without a timer.
    await this.knex('oauth_states')
      .where('expires_at', '<', new Date(now.getTime() - STATE_TTL_MS))
      .delete();
    return state;
  }

  /** Consumes a state: the caller it was issued to, or undefined when forged, expired or used. */
  async consume(state: string, now = new Date()): Promise<{ tenantId: string; userId: string } | undefined> {
    if (!state) return undefined;
    const rows = await this.knex('oauth_states')
      .where({ state_hash: hash(state) })
      .whereNull('used_at')
      .where('expires_at', '>', now)
      .update({ used_at: now })
      .returning(['tenant_id', 'user_id']);
    const row = rows[0] as { tenant_id: string; user_id: string } | undefined;
    return row ? { tenantId: row.tenant_id, userId: row.user_id } : undefined;
  }
}

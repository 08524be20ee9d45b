import type { Knex } from 'knex';
import type { Logger } from '@printpool/service-kit';
import { UnreadableToken, type TokenCipher } from '../crypto/tokenCipher.js';
import type { TokenSet } from '../domain/tokenSet.js';

interface ConnectionRow {
  tenant_id: string;
  realm_id: string;
  company_name: string | null;
  access_token: string | null;
  refresh_token: string | null;
  access_expires_at: Date | string | null;
  refresh_expires_at: Date | string | null;
}

/** A tenant's QBO company. `tokens` is null once the grant is gone and the user must reconnect. */
export interface Connection {
  tenantId: string;
  realmId: string;
  companyName: string | null;
  tokens: TokenSet | null;
}

/**
 * qbo_connections: tokens are sealed on the way in and opened on the way out, nowhere else. A
 * token no key of the ring opens (its key was removed before it was sealed again) reads as a
 * grant that is gone: the broker is asked to reconnect, and nothing answers 500.
 */
export class ConnectionStore {
  constructor(
    private readonly knex: Knex,
    private readonly cipher: TokenCipher,
    private readonly logger: Logger,
  ) {}

  async get(tenantId: string): Promise<Connection | undefined> {
    const row = await this.knex<ConnectionRow>('qbo_connections').where({ tenant_id: tenantId }).first();
    return row ? this.fromRow(row) : undefined;
  }

  async save(tenantId: string, userId: string, realmId: string, companyName: string | null, tokens: TokenSet): Promise<void> {
    const row = {
      tenant_id: tenantId,
      realm_id: realmId,
      company_name: companyName,
      connected_by: userId,
      ...this.sealed(tenantId, tokens),
      updated_at: new Date(),
    };
    await this.knex('qbo_connections').insert(row).onConflict('tenant_id').merge();
  }

  /** Stores rotated tokens unless the row's refresh token changed meanwhile (another replica refreshed). */
  async replaceTokens(tenantId: string, previousRefreshToken: string, tokens: TokenSet): Promise<boolean> {
    const current = await this.get(tenantId);
    if (current?.tokens?.refreshToken !== previousRefreshToken) return false;
    await this.knex('qbo_connections')
      .where({ tenant_id: tenantId })
      .update({ ...this.sealed(tenantId, tokens), updated_at: new Date() });
    return true;
  }

  async forgetTokens(tenantId: string): Promise<void> {
    await this.knex('qbo_connections')
      .where({ tenant_id: tenantId })
      .update({ access_token: null, refresh_token: null, access_expires_at: null, refresh_expires_at: null, updated_at: new Date() });
  }

  async setCompanyName(tenantId: string, companyName: string, trx: Knex | Knex.Transaction = this.knex): Promise<void> {
    await trx('qbo_connections').where({ tenant_id: tenantId }).update({ company_name: companyName });
  }

  async remove(tenantId: string): Promise<void> {
    await this.knex('qbo_connections').where({ tenant_id: tenantId }).delete();
  }

  /**
   * Seals again with the current key every token sealed with an older one (crypto/tokenCipher.ts),
   * a few rows at a time; a row changed meanwhile (a refresh, another replica) is left as that
   * change wrote it. Answers how many connections were sealed again.
   */
  async resealWithCurrentKey(batch = 100): Promise<number> {
    const current = `v2.${this.cipher.currentKeyId}.%`;
    let resealed = 0;
    let after = '';
    for (;;) {
      const rows: ConnectionRow[] = await this.knex<ConnectionRow>('qbo_connections')
        .where('tenant_id', '>', after)
        .whereNotNull('refresh_token')
        .andWhere((stale) => stale.whereNot('access_token', 'like', current).orWhereNot('refresh_token', 'like', current))
        .orderBy('tenant_id')
        .limit(batch);
      if (rows.length === 0) return resealed;
      for (const row of rows) {
        const { tokens } = this.fromRow(row);
        if (!tokens) continue;
        const updated = await this.knex('qbo_connections')
          .where({ tenant_id: row.tenant_id, access_token: row.access_token, refresh_token: row.refresh_token })
          .update(this.sealed(row.tenant_id, tokens));
        resealed += updated;
      }
      after = rows.at(-1)!.tenant_id;
    }
  }

  /** The tenants connected to a realm: webhooks name only the realm. */
  async tenantsForRealm(realmId: string): Promise<string[]> {
    const rows = await this.knex<ConnectionRow>('qbo_connections').where({ realm_id: realmId }).whereNotNull('refresh_token').select('tenant_id');
    return rows.map((row) => row.tenant_id);
  }

  private sealed(tenantId: string, tokens: TokenSet) {
    return {
      access_token: this.cipher.encrypt(tokens.accessToken, tenantId),
      refresh_token: this.cipher.encrypt(tokens.refreshToken, tenantId),
      access_expires_at: tokens.accessExpiresAt,
      refresh_expires_at: tokens.refreshExpiresAt,
    };
  }

  private fromRow(row: ConnectionRow): Connection {
    return { tenantId: row.tenant_id, realmId: row.realm_id, companyName: row.company_name, tokens: this.opened(row) };
  }

  private opened(row: ConnectionRow): TokenSet | null {
    if (!row.access_token || !row.refresh_token || !row.access_expires_at || !row.refresh_expires_at) return null;
    try {
      return {
        accessToken: this.cipher.decrypt(row.access_token, row.tenant_id),
        refreshToken: this.cipher.decrypt(row.refresh_token, row.tenant_id),
        accessExpiresAt: new Date(row.access_expires_at),
        refreshExpiresAt: new Date(row.refresh_expires_at),
      };
    } catch (error) {
      if (!(error instanceof UnreadableToken)) throw error;
      this.logger.warn({ tenantId: row.tenant_id, reason: error.message }, 'QuickBooks tokens no key of QBO_TOKEN_KEYS opens: the company must reconnect');
      return null;
    }
  }
}

import type { Knex } from 'knex';
import type { TokenCipher } from '../crypto/tokenCipher.js';
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

/** qbo_connections: tokens are sealed on the way in and opened on the way out, nowhere else. */
export class ConnectionStore {
  constructor(
    private readonly knex: Knex,
    private readonly cipher: TokenCipher,
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
    const tokens =
      row.access_token && row.refresh_token && row.access_expires_at && row.refresh_expires_at
        ? {
            accessToken: this.cipher.decrypt(row.access_token, row.tenant_id),
            refreshToken: this.cipher.decrypt(row.refresh_token, row.tenant_id),
            accessExpiresAt: new Date(row.access_expires_at),
            refreshExpiresAt: new Date(row.refresh_expires_at),
          }
        : null;
    return { tenantId: row.tenant_id, realmId: row.realm_id, companyName: row.company_name, tokens };
  }
}

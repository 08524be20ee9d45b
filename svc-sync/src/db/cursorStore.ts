import type { Knex } from 'knex';

/** Where the next incremental sync's CDC window starts, per tenant and realm. */
export class CursorStore {
  constructor(private readonly knex: Knex) {}

  async get(tenantId: string, realmId: string): Promise<string | undefined> {
    const row = await this.knex('sync_cursors').where({ tenant_id: tenantId, realm_id: realmId }).first();
    return (row as { cdc_since?: string } | undefined)?.cdc_since;
  }

  async set(trx: Knex | Knex.Transaction, tenantId: string, realmId: string, cdcSince: string): Promise<void> {
    await trx('sync_cursors').insert({ tenant_id: tenantId, realm_id: realmId, cdc_since: cdcSince, updated_at: new Date() }).onConflict('tenant_id').merge();
  }

  async clear(tenantId: string): Promise<void> {
    await this.knex('sync_cursors').where({ tenant_id: tenantId }).delete();
  }
}

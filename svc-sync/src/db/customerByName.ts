import type { Knex } from 'knex';

/**
 * The QuickBooks id of the mirrored customer whose DisplayName is `name` (QBO keeps display
 * names unique, ignoring case), an active one before an inactive one.
 */
export async function customerQbIdByName(knex: Knex, tenantId: string, realmId: string, name: string): Promise<string | undefined> {
  const row: { qb_id: string } | undefined = await knex('qbo_documents')
    .where({ tenant_id: tenantId, realm_id: realmId, entity: 'Customer' })
    .whereRaw('lower(btrim(display_name)) = lower(btrim(?))', [name])
    .orderByRaw('active DESC')
    .first('qb_id');
  return row?.qb_id;
}

import type { Knex } from 'knex';

export interface TenantProfile {
  companyName: string | null;
  faxNumber: string | null;
}

export async function readTenantProfile(knex: Knex, tenantId: string): Promise<TenantProfile> {
  const row = await knex('tenant_profiles').where({ tenant_id: tenantId }).first('company_name', 'fax_number');
  return { companyName: row?.company_name ?? null, faxNumber: row?.fax_number ?? null };
}

/** Keeps the fax number of the newest settings event; redeliveries may arrive out of order. */
export async function saveFaxNumber(trx: Knex.Transaction, tenantId: string, faxNumber: string, occurredAt: string): Promise<void> {
  await trx('tenant_profiles')
    .insert({ tenant_id: tenantId, fax_number: faxNumber || null, fax_updated_at: occurredAt })
    .onConflict('tenant_id')
    .merge(['fax_number', 'fax_updated_at'])
    .where(trx.raw('tenant_profiles.fax_updated_at IS NULL OR tenant_profiles.fax_updated_at <= ?', [occurredAt]));
}

export async function saveCompanyName(trx: Knex.Transaction, tenantId: string, companyName: string | null, occurredAt: string): Promise<void> {
  await trx('tenant_profiles')
    .insert({ tenant_id: tenantId, company_name: companyName, company_updated_at: occurredAt })
    .onConflict('tenant_id')
    .merge(['company_name', 'company_updated_at'])
    .where(trx.raw('tenant_profiles.company_updated_at IS NULL OR tenant_profiles.company_updated_at <= ?', [occurredAt]));
}

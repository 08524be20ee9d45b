import type { PullTicketPrices } from '@printpool/contracts';
import type { Knex } from 'knex';

export interface TenantProfile {
  companyName: string | null;
  faxNumber: string | null;
  /** From QuickBooks' CompanyInfo; null until the first full sync after connecting. */
  legalName: string | null;
  /** One line: '500 Congress Ave, Austin, TX 78701'. */
  address: string | null;
  phone: string | null;
  email: string | null;
  /** Which price a pull ticket prints: none (the default), or what the broker pays the vendor (the PO line's unit cost). Never the customer's price. */
  pullTicketPrices: PullTicketPrices;
  /** The broker's PrintPool account e-mail (gateway settings events); answers go here when CompanyInfo has no e-mail. */
  accountEmail: string | null;
}

export interface CompanyInfoProfile {
  companyName: string | null;
  legalName: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
}

export async function readTenantProfile(knex: Knex, tenantId: string): Promise<TenantProfile> {
  const row = await knex('tenant_profiles')
    .where({ tenant_id: tenantId })
    .first('company_name', 'fax_number', 'legal_name', 'company_address', 'company_phone', 'company_email', 'pull_ticket_prices', 'account_email');
  return {
    companyName: row?.company_name ?? null,
    faxNumber: row?.fax_number ?? null,
    legalName: row?.legal_name ?? null,
    address: row?.company_address ?? null,
    phone: row?.company_phone ?? null,
    email: row?.company_email ?? null,
    pullTicketPrices: row?.pull_ticket_prices === 'cost' ? 'cost' : 'none',
    accountEmail: row?.account_email ?? null,
  };
}

/** Keeps the fax number and price setting of the newest settings event; redeliveries may arrive out of order. */
export async function saveSettings(
  trx: Knex.Transaction,
  tenantId: string,
  settings: { faxNumber: string; pullTicketPrices: PullTicketPrices; accountEmail: string | null },
  occurredAt: string,
): Promise<void> {
  const row = { fax_number: settings.faxNumber || null, pull_ticket_prices: settings.pullTicketPrices, fax_updated_at: occurredAt };
  // A settings event from before the gateway sent the account's e-mail leaves the known one alone.
  const accountEmail = settings.accountEmail ? { account_email: settings.accountEmail } : {};
  await trx('tenant_profiles')
    .insert({ tenant_id: tenantId, ...row, ...accountEmail })
    .onConflict('tenant_id')
    .merge([...Object.keys(row), ...Object.keys(accountEmail)])
    .where(trx.raw('tenant_profiles.fax_updated_at IS NULL OR tenant_profiles.fax_updated_at <= ?', [occurredAt]));
}

export async function saveCompanyName(trx: Knex.Transaction, tenantId: string, companyName: string | null, occurredAt: string): Promise<void> {
  await trx('tenant_profiles')
    .insert({ tenant_id: tenantId, company_name: companyName, company_updated_at: occurredAt })
    .onConflict('tenant_id')
    .merge(['company_name', 'company_updated_at'])
    .where(trx.raw('tenant_profiles.company_updated_at IS NULL OR tenant_profiles.company_updated_at <= ?', [occurredAt]));
}

/**
 * The letterhead as QuickBooks' CompanyInfo has it now. Its company name is the same one the
 * connection event carries, so it goes through saveCompanyName's newest-wins rule too.
 */
export async function saveCompanyInfo(trx: Knex.Transaction, tenantId: string, info: CompanyInfoProfile, occurredAt: string): Promise<void> {
  await trx('tenant_profiles')
    .insert({
      tenant_id: tenantId,
      legal_name: info.legalName,
      company_address: info.address,
      company_phone: info.phone,
      company_email: info.email,
      company_info_updated_at: occurredAt,
    })
    .onConflict('tenant_id')
    .merge(['legal_name', 'company_address', 'company_phone', 'company_email', 'company_info_updated_at'])
    .where(trx.raw('tenant_profiles.company_info_updated_at IS NULL OR tenant_profiles.company_info_updated_at <= ?', [occurredAt]));
  if (info.companyName) await saveCompanyName(trx, tenantId, info.companyName, occurredAt);
}

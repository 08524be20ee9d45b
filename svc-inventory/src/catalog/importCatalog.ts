import type { Knex } from 'knex';
import type { AccountingCustomer, AccountingItem, AccountingVendor } from '@printpool/contracts';
import { formatAddress } from '../domain/address.js';

type CatalogTable = 'customers' | 'vendors' | 'items';

/**
 * One multi-row upsert per batch keyed by (tenant_id, qb_id). A version older than the one
 * stored (a late redelivery) changes nothing.
 */
async function upsert(trx: Knex.Transaction, table: CatalogTable, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).filter((column) => column !== 'tenant_id' && column !== 'qb_id');
  await trx(table)
    .insert(rows)
    .onConflict(['tenant_id', 'qb_id'])
    .merge([...columns, 'synced_at'])
    .where(trx.raw(`${table}.qb_updated_at <= excluded.qb_updated_at`));
}

export function importCustomers(trx: Knex.Transaction, tenantId: string, customers: readonly AccountingCustomer[]): Promise<void> {
  return upsert(
    trx,
    'customers',
    customers.map((c) => ({
      tenant_id: tenantId,
      qb_id: c.qbId,
      name: c.displayName,
      company_name: c.companyName,
      email: c.email,
      phone: c.phone,
      address: formatAddress(c.billAddress) ?? formatAddress(c.shipAddress),
      bill_address: c.billAddress ? JSON.stringify(c.billAddress) : null,
      ship_address: c.shipAddress ? JSON.stringify(c.shipAddress) : null,
      active: c.active,
      qb_updated_at: c.qbUpdatedAt,
    })),
  );
}

export function importVendors(trx: Knex.Transaction, tenantId: string, vendors: readonly AccountingVendor[]): Promise<void> {
  return upsert(
    trx,
    'vendors',
    vendors.map((v) => ({
      tenant_id: tenantId,
      qb_id: v.qbId,
      name: v.displayName,
      company_name: v.companyName,
      email: v.email,
      phone: v.phone,
      fax: v.fax,
      address: formatAddress(v.address),
      active: v.active,
      qb_updated_at: v.qbUpdatedAt,
    })),
  );
}

export function importItems(trx: Knex.Transaction, tenantId: string, items: readonly AccountingItem[]): Promise<void> {
  return upsert(
    trx,
    'items',
    items.map((i) => ({
      tenant_id: tenantId,
      qb_id: i.qbId,
      name: i.name,
      sku: i.sku,
      description: i.description,
      unit_price: i.unitPrice,
      type: i.type,
      active: i.active,
      qb_updated_at: i.qbUpdatedAt,
    })),
  );
}

export async function deleteCatalog(trx: Knex.Transaction, table: CatalogTable, tenantId: string, qbIds: readonly string[]): Promise<void> {
  if (qbIds.length) await trx(table).where('tenant_id', tenantId).whereIn('qb_id', qbIds).delete();
}

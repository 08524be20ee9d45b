import type { Knex } from 'knex';
import type { AccountingCustomer, AccountingItem, AccountingVendor } from '@printpool/contracts';
import { insertJsonRows } from '@printpool/service-kit';
import { formatAddress } from '../domain/address.js';
import type { ChangeSet } from '../application/changeSet.js';

type CatalogTable = 'customers' | 'vendors' | 'items';

const ENTITY = { customers: 'customer', vendors: 'vendor', items: 'item' } as const;

/**
 * One upsert per batch keyed by (tenant_id, qb_id). A version older than the one stored (a
 * late redelivery) changes nothing.
 */
async function upsert(trx: Knex.Transaction, table: CatalogTable, rows: Record<string, unknown>[], changes: ChangeSet): Promise<void> {
  if (rows.length === 0) return;
  changes.catalogChanged(ENTITY[table], rows.length);
  const columns = Object.keys(rows[0]!).filter((column) => column !== 'tenant_id' && column !== 'qb_id');
  await insertJsonRows(trx, {
    table,
    rows,
    // synced_at is left to its default, now(), which is also what excluded.synced_at holds.
    upsert: { conflict: ['tenant_id', 'qb_id'], merge: [...columns, 'synced_at'], where: `${table}.qb_updated_at <= excluded.qb_updated_at` },
  });
}

export function importCustomers(trx: Knex.Transaction, tenantId: string, customers: readonly AccountingCustomer[], changes: ChangeSet): Promise<void> {
  return upsert(
    trx,
    'customers',
    customers.map((c) => ({
      tenant_id: tenantId,
      qb_id: c.qbId,
      name: c.displayName,
      // Absent from events sent before sync read them: kept null, the short name stands in.
      full_name: c.fullyQualifiedName ?? null,
      parent_qb_id: c.parentQbId ?? null,
      currency: c.currency ?? null,
      company_name: c.companyName,
      email: c.email,
      phone: c.phone,
      address: formatAddress(c.billAddress) ?? formatAddress(c.shipAddress),
      bill_address: c.billAddress ?? null,
      ship_address: c.shipAddress ?? null,
      active: c.active,
      qb_updated_at: c.qbUpdatedAt,
    })),
    changes,
  );
}

export function importVendors(trx: Knex.Transaction, tenantId: string, vendors: readonly AccountingVendor[], changes: ChangeSet): Promise<void> {
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
    changes,
  );
}

export function importItems(trx: Knex.Transaction, tenantId: string, items: readonly AccountingItem[], changes: ChangeSet): Promise<void> {
  return upsert(
    trx,
    'items',
    items.map((i) => ({
      tenant_id: tenantId,
      qb_id: i.qbId,
      name: i.name,
      full_name: i.fullyQualifiedName ?? null,
      parent_qb_id: i.parentQbId ?? null,
      sku: i.sku,
      description: i.description,
      unit_price: i.unitPrice,
      // Absent from events sent before sync read it: null, so a manual PO's price is left to the broker.
      purchase_cost: i.purchaseCost ?? null,
      type: i.type,
      active: i.active,
      qb_updated_at: i.qbUpdatedAt,
    })),
    changes,
  );
}

export async function deleteCatalog(trx: Knex.Transaction, table: CatalogTable, tenantId: string, qbIds: readonly string[], changes: ChangeSet): Promise<void> {
  if (qbIds.length === 0) return;
  // Counted from the returned rows: the embedded driver reports no affected-row count.
  const deleted: { qb_id: string }[] = await trx(table).where('tenant_id', tenantId).whereIn('qb_id', qbIds).delete().returning('qb_id');
  changes.catalogChanged(ENTITY[table], deleted.length);
}

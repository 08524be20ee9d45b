import type { Vendor, VendorListFilters, VendorListSort } from '@printpool/contracts';
import { parseSort } from '@printpool/domain';
import type { CsvColumn } from './csvExport.js';
import { searchIn } from './listConditions.js';
import { listOrder, type ListSelection } from './listPage.js';
import { sqlPart } from '../db/sqlPart.js';

/**
 * SQL condition for a vendor (aliased `v`) a manual purchase order may name: active, and, for one
 * added in PrintPool, not since synced from QuickBooks under the same name (the synced one stands
 * for it: docs/product.md §5), so the picker offers each vendor once.
 */
export const NAMEABLE_VENDOR = `v.active AND (v.qb_id IS NOT NULL OR NOT EXISTS (
  SELECT 1 FROM vendors q WHERE q.tenant_id = v.tenant_id AND q.qb_id IS NOT NULL AND q.active AND lower(q.name) = lower(v.name)))`;

/**
 * SQL condition: a purchase order of the company names the vendor `v` as it is spelled, the match
 * its program defaults are read and saved by (read/programs.ts loadVendorDefaults).
 */
const NAMED_ON_PURCHASE_ORDERS = 'EXISTS (SELECT 1 FROM purchase_orders po WHERE po.tenant_id = v.tenant_id AND po.vendor_name = v.name)';

const VENDOR_SORTABLE: Record<VendorListSort, string> = { name: 'v.name', email: 'v.email' };

export interface VendorRow {
  id: string | number;
  qb_id: string | null;
  name: string;
  company_name: string | null;
  email: string | null;
  phone: string | null;
  synced_at: Date | string;
}

/**
 * The vendors New Purchase Order picks from, by name, searched by name, company name or e-mail;
 * with `withPurchaseOrders`, those Settings offers for their program defaults.
 */
export function vendorList(tenantId: string, search: string | null, filters: VendorListFilters): ListSelection {
  return {
    table: 'vendors',
    alias: 'v',
    where: [
      sqlPart('v.tenant_id = ?', tenantId),
      sqlPart(NAMEABLE_VENDOR),
      ...(filters.withPurchaseOrders ? [sqlPart(NAMED_ON_PURCHASE_ORDERS)] : []),
      ...searchIn(['v.name', 'v.company_name', 'v.email'], search),
    ],
    columns: 'v.id, v.qb_id, v.name, v.company_name, v.email, v.phone, v.synced_at',
    order: listOrder(
      parseSort<VendorListSort>(filters.sort),
      VENDOR_SORTABLE,
      [
        ['v.name', 'asc'],
        ['v.id', 'asc'],
      ],
      'v.id',
    ),
  };
}

export function vendorView(row: VendorRow): Vendor {
  return {
    id: Number(row.id),
    qbId: row.qb_id,
    name: row.name,
    companyName: row.company_name,
    email: row.email,
    phone: row.phone,
    syncedAt: new Date(row.synced_at).toISOString(),
  };
}

export const VENDOR_CSV: CsvColumn<Vendor>[] = [
  ['Name', (vendor) => vendor.name],
  ['Company', (vendor) => vendor.companyName],
  ['Email', (vendor) => vendor.email],
  ['Phone', (vendor) => vendor.phone],
  ['Source', (vendor) => (vendor.qbId ? 'QuickBooks' : 'PrintPool')],
];

import { z } from 'zod';
import { CustomerListFiltersSchema, ItemListFiltersSchema, VendorListFiltersSchema } from '../orderLists.js';
import type { RouteContract } from '../routeContract.js';
import { listContracts } from './inventoryLists.js';

/** docs/product.md §3 Item: a stock item of the QuickBooks catalog (Category and Group items are not inventory). */
export const ItemSchema = z
  .object({
    id: z.number().int(),
    qbId: z.string(),
    name: z.string(),
    /** QuickBooks' FullyQualifiedName ('Business Cards:500 ct' for a sub-item), else the name. */
    fullName: z.string(),
    parentQbId: z.string().nullable(),
    sku: z.string().nullable(),
    description: z.string().nullable(),
    unitPrice: z.number(),
    /** What the broker pays the vendor per unit (QuickBooks' PurchaseCost); null when QuickBooks has none. A manual PO's line starts from it. */
    purchaseCost: z.number().nullable(),
    /** Units left on the tenant's open bulk PO lines. */
    virtualInventory: z.number(),
    syncedAt: z.iso.datetime(),
  })
  .meta({ id: 'Item' });

/** docs/product.md §3 Customer. */
export const CustomerSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** QuickBooks' FullyQualifiedName ('Harbor Dental:Spring Gala' for a job), else the name. */
    fullName: z.string(),
    parentQbId: z.string().nullable(),
    /** ISO 4217 code; null for the company's home currency. */
    currency: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    syncedAt: z.iso.datetime(),
  })
  .meta({ id: 'Customer' });

/**
 * A vendor a manual purchase order may name (docs/product.md §3): one synced from QuickBooks, or
 * one the broker added in PrintPool with New Purchase Order's Add vendor (qbId null), which stays
 * in PrintPool: manual purchase orders are never written to QuickBooks.
 */
export const VendorSchema = z
  .object({
    id: z.number().int(),
    /** Null for a vendor added in PrintPool. */
    qbId: z.string().nullable(),
    name: z.string(),
    companyName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    syncedAt: z.iso.datetime(),
  })
  .meta({ id: 'Vendor' });

/** The read-only Items and Customers pages (svc-inventory/src/routes/items.ts, customers.ts), and the vendors New Purchase Order picks from (vendors.ts). */
export const CATALOG_ROUTES = [
  ...listContracts({ path: '/api/items', tags: ['catalog'], rows: 'stock items', filters: ItemListFiltersSchema, row: ItemSchema }),
  ...listContracts({ path: '/api/customers', tags: ['catalog'], rows: 'customers', filters: CustomerListFiltersSchema, row: CustomerSchema }),
  ...listContracts({ path: '/api/vendors', tags: ['catalog'], rows: 'active vendors', filters: VendorListFiltersSchema, row: VendorSchema }),
] as const satisfies readonly RouteContract[];

export type Item = z.infer<typeof ItemSchema>;
export type Customer = z.infer<typeof CustomerSchema>;
export type Vendor = z.infer<typeof VendorSchema>;

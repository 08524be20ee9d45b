import { PULL_TICKET_STATUSES, SALES_ORDER_STATUSES } from '@printpool/domain';
import { z } from 'zod';

/**
 * The filters and sort of the lists (`GET /api/sales-orders`, `/api/purchase-orders`,
 * `/api/pull-tickets`, `/api/items`, `/api/customers`) and of their CSV exports
 * (`…/export.csv`), on top of the paging every list takes (`?search=&limit=&offset=`). The pages
 * keep the same names in their own address, so a link reproduces the view (libs/platform
 * list/useListView.ts).
 */

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  }, 'must be a real date');

/** Part of a customer's or vendor's name; matched ignoring case. */
const nameFilter = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

const dateRange = { from: isoDate.optional(), to: isoDate.optional() };

function fromNotAfterTo<T extends { from?: string; to?: string }>(range: T): boolean {
  return !range.from || !range.to || range.from <= range.to;
}
const TO_AFTER_FROM = { path: ['to'], message: 'must not be before from' };

/** `?sort=key` sorts a column ascending, `?sort=-key` descending; absent, the list's own order. */
function sortParameter<K extends string>(keys: readonly [K, ...K[]]) {
  return z
    .string()
    .regex(new RegExp(`^-?(?:${keys.join('|')})$`), `must be one of ${keys.join(', ')}, with '-' before it for descending`)
    .optional();
}

export const SALES_ORDER_LIST_SORTS = ['soNumber', 'customerName', 'totalAmount', 'status', 'orderDate', 'createdAt'] as const;
export type SalesOrderListSort = (typeof SALES_ORDER_LIST_SORTS)[number];

/**
 * Write-back's state of an order (libs/contracts inventorySalesOrders.ts `syncStatus`): 'conflict'
 * when QuickBooks and PrintPool changed the same field (docs/quickbooks.md).
 */
export const SALES_ORDER_SYNC_STATUSES = ['pending', 'syncing', 'synced', 'error', 'conflict'] as const;

/**
 * `from`/`to` bound the order's date (the estimate's date in QuickBooks; a manual order's creation
 * day); `syncStatus` keeps the orders in one write-back state (the dashboard links to the conflicts).
 */
export const SalesOrderListFiltersSchema = z
  .object({
    status: z.enum(SALES_ORDER_STATUSES).optional(),
    syncStatus: z.enum(SALES_ORDER_SYNC_STATUSES).optional(),
    customer: nameFilter.optional(),
    ...dateRange,
    sort: sortParameter(SALES_ORDER_LIST_SORTS),
  })
  .refine(fromNotAfterTo, TO_AFTER_FROM);

export const PURCHASE_ORDER_LIST_SORTS = [
  'poNumber',
  'vendorName',
  'poType',
  'totalAmount',
  'status',
  'poDate',
  'createdAt',
  'expiresOn',
  'remainingPercent',
  'chargesToDate',
] as const;
export type PurchaseOrderListSort = (typeof PURCHASE_ORDER_LIST_SORTS)[number];

/**
 * `status` keeps one status (the broker's override, else QuickBooks'), `includeClosed=false` leaves
 * closed orders out, `poType` one type; `from`/`to` bound the PO's date (a manual PO's creation day);
 * `expiresWithinDays` keeps bulk POs whose program ends by then.
 */
export const PurchaseOrderListFiltersSchema = z
  .object({
    status: z.enum(['open', 'closed']).optional(),
    includeClosed: z.enum(['true', 'false']).optional(),
    poType: z.enum(['BULK', 'STANDARD']).optional(),
    vendor: nameFilter.optional(),
    /** Bulk POs whose program ends within this many days from today (an ended one included). */
    expiresWithinDays: z
      .string()
      .regex(/^\d{1,4}$/, 'expiresWithinDays must be a whole number of days from 0 to 9999')
      .transform(Number)
      .optional(),
    ...dateRange,
    sort: sortParameter(PURCHASE_ORDER_LIST_SORTS),
  })
  .refine(fromNotAfterTo, TO_AFTER_FROM);

export const PULL_TICKET_LIST_SORTS = ['ptNumber', 'soNumber', 'customerName', 'vendorName', 'status', 'createdAt'] as const;
export type PullTicketListSort = (typeof PULL_TICKET_LIST_SORTS)[number];

/** `from`/`to` bound the day the ticket was created. */
export const PullTicketListFiltersSchema = z
  .object({
    status: z.enum(PULL_TICKET_STATUSES).optional(),
    customer: nameFilter.optional(),
    vendor: nameFilter.optional(),
    ...dateRange,
    sort: sortParameter(PULL_TICKET_LIST_SORTS),
  })
  .refine(fromNotAfterTo, TO_AFTER_FROM);

export type SalesOrderListFilters = z.infer<typeof SalesOrderListFiltersSchema>;
export type PurchaseOrderListFilters = z.infer<typeof PurchaseOrderListFiltersSchema>;
export type PullTicketListFilters = z.infer<typeof PullTicketListFiltersSchema>;

export const ITEM_LIST_SORTS = ['name', 'sku', 'unitPrice', 'virtualInventory', 'syncedAt'] as const;
export type ItemListSort = (typeof ITEM_LIST_SORTS)[number];
/** `GET /api/items` and its export: searched by name, full name or SKU, sorted by one column. */
export const ItemListFiltersSchema = z.object({ sort: sortParameter(ITEM_LIST_SORTS) });

export const CUSTOMER_LIST_SORTS = ['name', 'email', 'phone', 'syncedAt'] as const;
export type CustomerListSort = (typeof CUSTOMER_LIST_SORTS)[number];
/** `GET /api/customers` and its export: searched by name, full name or e-mail, sorted by one column. */
export const CustomerListFiltersSchema = z.object({ sort: sortParameter(CUSTOMER_LIST_SORTS) });

export const VENDOR_LIST_SORTS = ['name', 'email'] as const;
export type VendorListSort = (typeof VENDOR_LIST_SORTS)[number];
/**
 * `GET /api/vendors` and its export: searched by name, company name or e-mail, sorted by one column;
 * `withPurchaseOrders=true` keeps the vendors a purchase order of the company names, exactly as it
 * carries the name: those whose program defaults can be read and saved (docs/product.md §11).
 */
export const VendorListFiltersSchema = z.object({ withPurchaseOrders: z.enum(['true']).optional(), sort: sortParameter(VENDOR_LIST_SORTS) });

export type ItemListFilters = z.infer<typeof ItemListFiltersSchema>;
export type CustomerListFilters = z.infer<typeof CustomerListFiltersSchema>;
export type VendorListFilters = z.infer<typeof VendorListFiltersSchema>;

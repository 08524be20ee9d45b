import type { Vendor } from '@printpool/contracts';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue, useListPage, type ListPage } from '@printpool/platform';

export const VENDORS_PATH = '/api/vendors';
/** What New Purchase Order shows of the vendors a search matches. */
export const VENDOR_PICKER_SIZE = 20;

const rowsOf = (page: ListPage<Vendor>) => page.rows;

/**
 * The company's vendors matching what the broker typed (GET /api/vendors, libs/contracts
 * inventoryCatalog.ts), keyed under the list's path so a vendor added with a PO refreshes them;
 * `filters` are the list's own (libs/contracts orderLists.ts VendorListFiltersSchema).
 */
export function useVendors(typed: string, filters?: Record<string, string>) {
  const search = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  return useListPage<Vendor, Vendor[]>(VENDORS_PATH, { search, page: 1, pageSize: VENDOR_PICKER_SIZE, filters }, { select: rowsOf });
}

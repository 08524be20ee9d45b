import type { Vendor } from '@printpool/contracts';
import { usePickerRows } from './pickerRows.js';

export const VENDORS_PATH = '/api/vendors';

/**
 * The company's vendors matching what the broker typed (GET /api/vendors, libs/contracts
 * inventoryCatalog.ts), keyed under the list's path so a vendor added with a PO refreshes them;
 * `filters` are the list's own (libs/contracts orderLists.ts VendorListFiltersSchema).
 */
export function useVendors(typed: string, filters?: Record<string, string>) {
  return usePickerRows<Vendor>(VENDORS_PATH, typed, filters);
}

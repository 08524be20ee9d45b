import type { Customer } from '@printpool/contracts';
import { usePickerRows } from './pickerRows.js';

/** The company's synced customers matching what the broker typed (GET /api/customers, libs/contracts inventoryCatalog.ts). */
export function useCustomers(typed: string) {
  return usePickerRows<Customer>('/api/customers', typed);
}

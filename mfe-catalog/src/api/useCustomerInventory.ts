import type { CustomerInventory } from '@printpool/contracts';
import { useQuery } from '@tanstack/react-query';
import { catalogPath } from './useCatalogList.js';

/** GET /api/customers/{id}/inventory: under the customers' key, so what refreshes them refreshes it. */
export const customerInventoryKey = (customerId: number) => [catalogPath('customers'), customerId, 'inventory'];

/** A customer's stock (docs/product.md §12); the platform's query function GETs the key's path. */
export function useCustomerInventory(customerId: number) {
  return useQuery<CustomerInventory>({ queryKey: customerInventoryKey(customerId) });
}

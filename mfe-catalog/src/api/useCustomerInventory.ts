import { IF_MATCH_HEADER, type CustomerInventory, type CustomerStockItem, type ReorderPointInput } from '@printpool/contracts';
import { callRoute, useNotifiedMutation } from '@printpool/platform';
import { useQuery } from '@tanstack/react-query';
import { catalogPath } from './useCatalogList.js';

/** GET /api/customers/{id}/inventory: under the customers' key, so what refreshes them refreshes it. */
export const customerInventoryKey = (customerId: number) => [catalogPath('customers'), customerId, 'inventory'];

/** A customer's stock (docs/product.md §12); the platform's query function GETs the key's path. */
export function useCustomerInventory(customerId: number) {
  return useQuery<CustomerInventory>({ queryKey: customerInventoryKey(customerId) });
}

/** PUT /api/customers/{id}/inventory/{itemId}/reorder-point, on the point's version as read: `{ units }`, `{ months }`, or both null for the default. */
export function useSetReorderPoint(customerId: number) {
  return useNotifiedMutation({
    mutationFn: ({ item, point }: { item: CustomerStockItem; point: ReorderPointInput }) =>
      callRoute('put /api/customers/:id/inventory/:itemId/reorder-point', {
        params: { id: customerId, itemId: item.itemId },
        body: point,
        headers: { [IF_MATCH_HEADER]: `"${item.reorderPoint.version}"` },
      }),
    invalidates: [customerInventoryKey(customerId)],
    success: { title: 'Reorder point saved' },
    failure: { title: 'Could not save the reorder point' },
  });
}

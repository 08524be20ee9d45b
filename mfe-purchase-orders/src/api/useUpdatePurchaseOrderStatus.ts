import { apiRequest, useNotifiedMutation } from '@printpool/platform';
import { PURCHASE_ORDERS_KEY } from './purchaseOrders.js';

/** The statuses a user may set by hand (docs/product.md §4); others are only shown. */
export const SELECTABLE_STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

/** POST /api/purchase-orders/{id}/status, sent as soon as the selector changes. */
export function useUpdatePurchaseOrderStatus() {
  return useNotifiedMutation({
    mutationFn: async ({ id, status }: { id: string | number; status: string }) =>
      (await apiRequest('POST', `/api/purchase-orders/${id}/status`, { status })).json(),
    invalidates: [PURCHASE_ORDERS_KEY],
    success: { title: 'Success', description: 'Purchase order status updated successfully' },
    // docs/product.md §8 words this failure exactly, whatever the server said.
    failure: () => ({ title: 'Error', description: 'Failed to update purchase order status' }),
  });
}

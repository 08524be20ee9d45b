import { apiRequest, invalidateAfterMutation, useToast } from '@printpool/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PURCHASE_ORDERS_KEY } from './purchaseOrders.js';

/** The statuses a user may set by hand (docs/product.md §4); others are only shown. */
export const SELECTABLE_STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

/** POST /api/purchase-orders/{id}/status, sent as soon as the selector changes. */
export function useUpdatePurchaseOrderStatus() {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string | number; status: string }) =>
      (await apiRequest('POST', `/api/purchase-orders/${id}/status`, { status })).json(),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Purchase order status updated successfully' });
      await invalidateAfterMutation(queryClient, PURCHASE_ORDERS_KEY);
    },
    onError: () => toast({ title: 'Error', description: 'Failed to update purchase order status', variant: 'destructive' }),
  });
}

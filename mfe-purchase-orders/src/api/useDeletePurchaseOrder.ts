import { apiRequest, invalidateAfterMutation, unlessUnauthorized, useToast } from '@printpool/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PURCHASE_ORDERS_KEY } from './purchaseOrders.js';
import { serverMessage } from './serverMessage.js';

/** DELETE /api/purchase-orders/{id}, for manual orders only (QuickBooks owns the others). */
export function useDeletePurchaseOrder() {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | number) => apiRequest('DELETE', `/api/purchase-orders/${id}`),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Purchase order deleted successfully' });
      await invalidateAfterMutation(queryClient, PURCHASE_ORDERS_KEY);
    },
    onError: unlessUnauthorized((error) => toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to delete purchase order', variant: 'destructive' })),
  });
}

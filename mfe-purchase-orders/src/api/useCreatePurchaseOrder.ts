import { apiRequest, invalidateAfterMutation, unlessUnauthorized, useToast } from '@printpool/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PURCHASE_ORDERS_KEY } from './purchaseOrders.js';
import { serverMessage } from './serverMessage.js';

/** The body of POST /api/purchase-orders (libs/contracts inventoryPurchaseOrders.ts). */
export interface PurchaseOrderCreateBody {
  poNumber: string;
  vendorName: string;
  vendorEmail: string | null;
  items: { itemId: string; itemName: string | null; description: string | null; quantity: number; unitPrice: number }[];
}

/** POST /api/purchase-orders: a manual purchase order; a bulk one joins the pool at once, so the open bulk POs change too. */
export function useCreatePurchaseOrder() {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PurchaseOrderCreateBody) => apiRequest('POST', '/api/purchase-orders', body),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Purchase order created successfully' });
      await invalidateAfterMutation(queryClient, PURCHASE_ORDERS_KEY, ['/api/purchase-orders/bulk/open']);
    },
    onError: unlessUnauthorized((error) =>
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to create purchase order', variant: 'destructive' }),
    ),
  });
}

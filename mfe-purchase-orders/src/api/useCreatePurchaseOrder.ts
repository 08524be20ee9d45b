import { apiRequest, useNotifiedMutation } from '@printpool/platform';
import { PURCHASE_ORDERS_KEY } from './purchaseOrders.js';

/** The body of POST /api/purchase-orders (libs/contracts inventoryPurchaseOrders.ts). */
export interface PurchaseOrderCreateBody {
  poNumber: string;
  vendorName: string;
  vendorEmail: string | null;
  items: { itemId: string; itemName: string | null; description: string | null; quantity: number; unitPrice: number }[];
}

/** POST /api/purchase-orders: a manual purchase order; a bulk one joins the pool at once, so the open bulk POs change too. */
export function useCreatePurchaseOrder() {
  return useNotifiedMutation({
    mutationFn: (body: PurchaseOrderCreateBody) => apiRequest('POST', '/api/purchase-orders', body),
    invalidates: [PURCHASE_ORDERS_KEY, ['/api/purchase-orders/bulk/open']],
    success: { title: 'Success', description: 'Purchase order created successfully' },
    failure: { title: 'Error', fallback: 'Failed to create purchase order' },
  });
}

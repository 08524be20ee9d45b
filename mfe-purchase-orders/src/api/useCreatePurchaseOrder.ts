import type { RouteInput } from '@printpool/contracts';
import { callRoute, useNotifiedMutation } from '@printpool/platform';
import { PURCHASE_ORDERS_KEY } from './purchaseOrders.js';
import { VENDORS_PATH } from './vendors.js';

/** The body of POST /api/purchase-orders (libs/contracts inventoryPurchaseOrders.ts). */
export type PurchaseOrderCreateBody = RouteInput<'post /api/purchase-orders'>['body'];

/** POST /api/purchase-orders: a manual purchase order; a bulk one joins the pool at once, so the open bulk POs change too, and a vendor it adds joins the vendors. */
export function useCreatePurchaseOrder() {
  return useNotifiedMutation({
    mutationFn: (body: PurchaseOrderCreateBody) => callRoute('post /api/purchase-orders', { body }),
    invalidates: [PURCHASE_ORDERS_KEY, ['/api/purchase-orders/bulk/open'], [VENDORS_PATH]],
    success: { title: 'Success', description: 'Purchase order created successfully' },
    failure: { title: 'Error', fallback: 'Failed to create purchase order' },
  });
}

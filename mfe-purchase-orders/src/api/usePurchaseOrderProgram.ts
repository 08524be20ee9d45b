import type { PurchaseOrderProgram } from '@printpool/contracts';
import { useQuery } from '@tanstack/react-query';
import { PURCHASE_ORDERS_PATH } from './purchaseOrders.js';

/** GET /api/purchase-orders/{id}/program: under the purchase orders' key, so what refreshes them refreshes it. */
export const programKey = (purchaseOrderId: number) => [PURCHASE_ORDERS_PATH, purchaseOrderId, 'program'];

/** A bulk PO's program terms, where they come from and their version (docs/product.md §11); the platform's query function GETs the key's path. */
export function usePurchaseOrderProgram(purchaseOrderId: number) {
  return useQuery<PurchaseOrderProgram>({ queryKey: programKey(purchaseOrderId) });
}

import { IF_MATCH_HEADER, type PurchaseOrderStockOwners } from '@printpool/contracts';
import { callRoute, invalidateAfterMutation, useNotifiedMutation } from '@printpool/platform';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PURCHASE_ORDERS_KEY, PURCHASE_ORDERS_PATH } from './purchaseOrders.js';

/** GET /api/purchase-orders/{id}/stock-owners: under the purchase orders' key, so what refreshes them refreshes it. */
const stockOwnersKey = (purchaseOrderId: number) => [PURCHASE_ORDERS_PATH, purchaseOrderId, 'stock-owners'];

/** Whose stock each item of a bulk PO is, and what decided it (docs/product.md §12); the platform's query function GETs the key's path. */
export function useStockOwners(purchaseOrderId: number) {
  return useQuery<PurchaseOrderStockOwners>({ queryKey: stockOwnersKey(purchaseOrderId) });
}

export interface StockOwnerSave {
  itemId: string;
  /** The customer the item's stock is held for; null takes the broker's word back. */
  customerId: number | null;
  /** The version of the assignment the card showed. */
  version: string;
}

/** PUT /api/purchase-orders/{id}/stock-owners/{itemId} on the version read (libs/contracts versionedWrite.ts). */
export function useAssignStockOwner(purchaseOrderId: number) {
  const queryClient = useQueryClient();
  return useNotifiedMutation({
    mutationFn: ({ itemId, customerId, version }: StockOwnerSave) =>
      callRoute('put /api/purchase-orders/:id/stock-owners/:itemId', {
        params: { id: purchaseOrderId, itemId },
        body: { customerId },
        headers: { [IF_MATCH_HEADER]: `"${version}"` },
      }),
    // Read again however it ended (onSettled): saved, the card and the PO's history show it; refused as
    // stale (409, naming the field), the card shows what someone else chose, at its new version, to choose again.
    invalidates: null,
    onSettled: () => invalidateAfterMutation(queryClient, PURCHASE_ORDERS_KEY),
    success: { title: 'Stock owner saved' },
    failure: { title: 'Error', fallback: 'Failed to save the stock owner' },
  });
}

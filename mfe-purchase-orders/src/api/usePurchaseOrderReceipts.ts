import { IF_MATCH_HEADER, type PurchaseOrderReceipts, type ReceiptInput, type ReceiptResolutionInput } from '@printpool/contracts';
import { callRoute, invalidateAfterMutation, useNotifiedMutation } from '@printpool/platform';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PURCHASE_ORDERS_PATH } from './purchaseOrders.js';

/** GET /api/purchase-orders/{id}/receipts: under the purchase orders' key, so what refreshes them refreshes it. */
export const receiptsKey = (purchaseOrderId: number) => [PURCHASE_ORDERS_PATH, purchaseOrderId, 'receipts'];

/** A bulk PO's run as received so far (docs/product.md §11); the platform's query function GETs the key's path. */
export function usePurchaseOrderReceipts(purchaseOrderId: number) {
  return useQuery<PurchaseOrderReceipts>({ queryKey: receiptsKey(purchaseOrderId) });
}

/** POST /api/purchase-orders/{id}/receipts on the version of the run the form was opened at. */
export function useRecordReceipt(purchaseOrderId: number) {
  return useNotifiedMutation({
    mutationFn: ({ body, version }: { body: ReceiptInput; version: string }) =>
      callRoute('post /api/purchase-orders/:id/receipts', { params: { id: purchaseOrderId }, body, headers: { [IF_MATCH_HEADER]: `"${version}"` } }),
    // The pool holds what arrived: the POs' remaining units and the orders drawing on them move.
    invalidates: [[PURCHASE_ORDERS_PATH], ['/api/sales-orders']],
    success: { title: 'Receipt recorded' },
    failure: { title: 'Error', fallback: 'Failed to record the receipt' },
  });
}

/** POST /api/purchase-orders/{id}/receipts/{receiptId}/resolve: the broker's answer to a receipt beyond tolerance. */
export function useResolveReceipt(purchaseOrderId: number) {
  return useNotifiedMutation({
    mutationFn: ({ receiptId, body, version }: { receiptId: number; body: ReceiptResolutionInput; version: string }) =>
      callRoute('post /api/purchase-orders/:id/receipts/:receiptId/resolve', {
        params: { id: purchaseOrderId, receiptId },
        body,
        headers: { [IF_MATCH_HEADER]: `"${version}"` },
      }),
    invalidates: [receiptsKey(purchaseOrderId)],
    success: { title: 'Receipt answered' },
    failure: { title: 'Error', fallback: 'Failed to answer the receipt' },
  });
}

/**
 * POST /api/purchase-orders/{id}/receipts/{receiptId}/write-back (svc-sync): the received quantities
 * of a receipt the broker asked to write go to the QuickBooks PO. Written or not, the receipt shows
 * how it went, so the run is read again either way.
 */
export function useWriteReceiptBack(purchaseOrderId: number) {
  const queryClient = useQueryClient();
  return useNotifiedMutation({
    mutationFn: (receiptId: number) =>
      callRoute('post /api/purchase-orders/:id/receipts/:receiptId/write-back', { params: { id: purchaseOrderId, receiptId } }),
    // Refreshed however it ended (onSettled): the PO takes QuickBooks' new quantities, or the receipt the reason.
    invalidates: null,
    success: { title: 'Quantities updated in QuickBooks' },
    failure: { title: 'QuickBooks not updated', fallback: 'Failed to update the quantities in QuickBooks' },
    onSettled: () => invalidateAfterMutation(queryClient, [PURCHASE_ORDERS_PATH]),
  });
}

import { IF_MATCH_HEADER, type RouteInput } from '@printpool/contracts';
import { callRoute, useNotifiedMutation, versionConflictOf } from '@printpool/platform';
import { PURCHASE_ORDERS_KEY, type PurchaseOrderWithLines } from './purchaseOrders.js';

/** The statuses a user may set by hand (docs/product.md §4); others are only shown. */
export const SELECTABLE_STATUSES: { value: SelectableStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

type SelectableStatus = RouteInput<'post /api/purchase-orders/:id/status'>['body']['status'];

/**
 * POST /api/purchase-orders/{id}/status, sent as soon as the selector changes, on the version of
 * the order the page shows (libs/contracts versionedWrite.ts).
 */
export function useUpdatePurchaseOrderStatus() {
  return useNotifiedMutation({
    mutationFn: ({ id, status, version }: { id: string | number; status: SelectableStatus; version: string }) =>
      callRoute('post /api/purchase-orders/:id/status', { params: { id }, body: { status }, headers: { [IF_MATCH_HEADER]: `"${version}"` } }),
    invalidates: [PURCHASE_ORDERS_KEY],
    success: { title: 'Success', description: 'Purchase order status updated successfully' },
    // docs/product.md §8 words this failure exactly, whatever the server said; a status someone
    // changed meanwhile says which it now is, and the list shows it once the live update lands.
    failure: (error) => {
      const conflict = versionConflictOf<PurchaseOrderWithLines>(error);
      return conflict
        ? { title: 'Error', description: `${STATUS_CHANGED_MEANWHILE} ${conflict.current.status}` }
        : { title: 'Error', description: 'Failed to update purchase order status' };
    },
  });
}

export const STATUS_CHANGED_MEANWHILE = 'Someone changed this purchase order since the page loaded; its status is now';

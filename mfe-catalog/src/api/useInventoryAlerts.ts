import type { InventoryAlert, InventoryAlerts } from '@printpool/contracts';
import { callRoute, useNotifiedMutation } from '@printpool/platform';
import { useQuery } from '@tanstack/react-query';

export const INVENTORY_ALERTS_KEY = ['/api/inventory/alerts'];

/** GET /api/inventory/alerts (docs/product.md §12); live events of orders, receipts and shipments refresh it (libs/platform liveInvalidation.ts). */
export function useInventoryAlerts() {
  return useQuery<InventoryAlerts>({ queryKey: INVENTORY_ALERTS_KEY });
}

/** POST /api/inventory/alerts/:key/dismiss: the alert stays away until its level falls further. */
export function useDismissAlert() {
  return useNotifiedMutation({
    mutationFn: (alert: InventoryAlert) => callRoute('post /api/inventory/alerts/:key/dismiss', { params: { key: alert.key } }),
    invalidates: [INVENTORY_ALERTS_KEY],
    success: { title: 'Alert dismissed', description: 'It comes back if the stock falls further' },
    failure: { title: 'Could not dismiss the alert' },
  });
}

type ReorderAlert = Extract<InventoryAlert, { kind: 'reorder' }>;

/**
 * POST /api/customers/:id/inventory/:itemId/reorder-estimate: an estimate in QuickBooks at the last
 * bulk run's quantity and the last price, which the alert then carries (docs/product.md §12).
 */
export function useCreateReorderEstimate() {
  return useNotifiedMutation({
    mutationFn: (alert: ReorderAlert) =>
      callRoute('post /api/customers/:id/inventory/:itemId/reorder-estimate', { params: { id: alert.customerId, itemId: alert.itemId } }),
    invalidates: [INVENTORY_ALERTS_KEY],
    success: (_alert, estimate) => ({
      title: 'Reorder estimate created',
      description: `Estimate ${estimate.docNumber ?? estimate.qbId} is in QuickBooks: edit it there before sending it`,
    }),
    failure: { title: 'Could not create the reorder estimate' },
  });
}

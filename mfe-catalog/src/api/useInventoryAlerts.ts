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

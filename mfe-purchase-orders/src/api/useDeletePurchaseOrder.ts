import { callRoute, useNotifiedMutation } from '@printpool/platform';
import { PURCHASE_ORDERS_KEY } from './purchaseOrders.js';

/** DELETE /api/purchase-orders/{id}, for manual orders only (QuickBooks owns the others). */
export function useDeletePurchaseOrder() {
  return useNotifiedMutation({
    mutationFn: (id: string | number) => callRoute('delete /api/purchase-orders/:id', { params: { id } }),
    invalidates: [PURCHASE_ORDERS_KEY],
    success: { title: 'Success', description: 'Purchase order deleted successfully' },
    failure: { title: 'Error', fallback: 'Failed to delete purchase order' },
  });
}

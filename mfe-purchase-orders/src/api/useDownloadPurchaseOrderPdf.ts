import { apiRequest, downloadFile, useNotifiedMutation } from '@printpool/platform';
import type { PurchaseOrderWithLines } from './purchaseOrders.js';

/**
 * GET /api/purchase-orders/{id}/pdf (svc-documents/src/routes/pdfRoutes.ts) saved as the file
 * the server names; toasts as the sales orders' Generate PDF does (mfe-sales-orders/src/api/salesOrderActions.ts).
 */
export function useDownloadPurchaseOrderPdf() {
  return useNotifiedMutation({
    mutationFn: async (order: PurchaseOrderWithLines) =>
      downloadFile(await apiRequest('GET', `/api/purchase-orders/${order.id}/pdf`), `purchase-order-${order.poNumber}.pdf`),
    success: { title: 'Success', description: 'PDF downloaded successfully' },
    failure: { title: 'Error', fallback: 'Failed to generate PDF. Please try again.' },
  });
}

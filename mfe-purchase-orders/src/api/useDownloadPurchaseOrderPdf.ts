import { apiRequest, downloadFile, unlessUnauthorized, useToast } from '@printpool/platform';
import { useMutation } from '@tanstack/react-query';
import type { PurchaseOrder } from './purchaseOrders.js';
import { serverMessage } from './serverMessage.js';

/**
 * GET /api/purchase-orders/{id}/pdf (svc-documents/src/routes/pdfRoutes.ts) saved as the file
 * the server names; toasts as the sales orders' Generate PDF does (mfe-sales-orders/src/api/salesOrderActions.ts).
 */
export function useDownloadPurchaseOrderPdf() {
  const { toast } = useToast();
  return useMutation({
    mutationFn: async (order: PurchaseOrder) => downloadFile(await apiRequest('GET', `/api/purchase-orders/${order.id}/pdf`), `purchase-order-${order.poNumber}.pdf`),
    onSuccess: () => toast({ title: 'Success', description: 'PDF downloaded successfully' }),
    onError: unlessUnauthorized((error) => toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to generate PDF. Please try again.', variant: 'destructive' })),
  });
}

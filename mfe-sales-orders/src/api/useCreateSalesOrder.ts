import { callRoute } from '@printpool/platform';
import type { SalesOrderCreateBody } from '../domain/salesOrderCreate.js';
import { OPEN_BULK_PURCHASE_ORDERS_KEY } from './openBulkPurchaseOrders.js';
import { useSalesOrderMutation } from './useSalesOrderMutation.js';

/** POST /api/sales-orders: a manual order (svc-inventory/src/routes/salesOrders.ts); it draws from the pool at once. */
export function useCreateSalesOrder() {
  return useSalesOrderMutation({
    mutationFn: (body: SalesOrderCreateBody) => callRoute('post /api/sales-orders', { body }),
    success: 'Sales order created successfully',
    failure: 'Failed to create sales order',
    alsoInvalidates: [['/api/purchase-orders'], OPEN_BULK_PURCHASE_ORDERS_KEY],
  });
}

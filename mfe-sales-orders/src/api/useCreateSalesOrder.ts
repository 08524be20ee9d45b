import { apiRequest } from '@printpool/platform';
import type { SalesOrderCreateBody } from '../domain/salesOrderCreate.js';
import { OPEN_BULK_PURCHASE_ORDERS_KEY } from './openBulkPurchaseOrders.js';
import type { SalesOrder } from './salesOrders.js';
import { useSalesOrderMutation } from './useSalesOrderMutation.js';

/** POST /api/sales-orders: a manual order (svc-inventory/src/routes/salesOrders.ts); it draws from the pool at once. */
export function useCreateSalesOrder() {
  return useSalesOrderMutation({
    mutationFn: async (body: SalesOrderCreateBody) => (await (await apiRequest('POST', '/api/sales-orders', body)).json()) as SalesOrder,
    success: 'Sales order created successfully',
    failure: 'Failed to create sales order',
    alsoInvalidates: [['/api/purchase-orders'], OPEN_BULK_PURCHASE_ORDERS_KEY],
  });
}

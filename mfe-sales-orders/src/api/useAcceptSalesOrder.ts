import { IF_MATCH_HEADER } from '@printpool/contracts';
import { callRoute } from '@printpool/platform';
import { SALES_ORDER_GONE } from '../domain/deletedOrder.js';
import { OPEN_BULK_PURCHASE_ORDERS_KEY } from './openBulkPurchaseOrders.js';
import type { SalesOrder } from './salesOrders.js';
import { useSalesOrderMutation } from './useSalesOrderMutation.js';

/**
 * Accept order (docs/product.md §4): a manual order the customer accepted becomes processing, on
 * the version of the order the broker looked at (libs/contracts versionedWrite.ts). It may be
 * drawn from a bulk PO as it is accepted, so the purchase orders change too.
 */
export function useAcceptSalesOrder() {
  return useSalesOrderMutation({
    mutationFn: (order: Pick<SalesOrder, 'id' | 'version'>) =>
      callRoute('post /api/sales-orders/:id/accept', { params: { id: order.id }, headers: { [IF_MATCH_HEADER]: `"${order.version}"` } }),
    success: 'Sales order accepted: it can now be released on pull tickets',
    failure: 'Failed to accept sales order',
    gone: SALES_ORDER_GONE,
    alsoInvalidates: [['/api/purchase-orders'], OPEN_BULK_PURCHASE_ORDERS_KEY],
  });
}

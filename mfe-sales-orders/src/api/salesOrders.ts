import type { SalesOrder, SalesOrderFulfilment } from '@printpool/contracts';
import { useListPage, type ListPageQuery } from '@printpool/platform';

/** docs/product.md §3 SalesOrder as svc-inventory answers it, with its pull ticket and shipment (libs/contracts inventorySalesOrders.ts). */
export type { SalesOrder, SalesOrderFulfilment };

export const SALES_ORDERS_PATH = '/api/sales-orders';
export const SALES_ORDERS_KEY = [SALES_ORDERS_PATH];

/** One page of sales orders, paged, searched, filtered and sorted on the server (libs/contracts orderLists.ts). */
export function useSalesOrders(query: ListPageQuery) {
  return useListPage<SalesOrder>(SALES_ORDERS_PATH, query);
}

import { useListPage, type ListPageQuery } from '@printpool/platform';

/** docs/product.md §3 SalesOrder; items arrive as an array or as JSON text (normalizeLineItems of @printpool/domain reads both). */
export interface SalesOrder {
  id: string | number;
  soNumber: string;
  customerName: string | null;
  customerEmail?: string | null;
  status: string;
  bulkPoId?: string | number | null;
  items?: unknown;
  totalQuantity?: number | string | null;
  totalAmount: string | number;
  /** QuickBooks' figures (two-decimal strings); null when not known, as for an order edited here since its sync. */
  subtotal?: string | null;
  discount?: string | null;
  tax?: string | null;
  /** ISO 4217 code; null for the home currency. */
  currency?: string | null;
  syncStatus?: string | null;
  syncError?: string | null;
  qbId?: string | null;
  /** The bulk PO's number, to name it and link to it. */
  bulkPoNumber?: string | null;
  /** The order's pull ticket and its shipment (svc-inventory's read/salesOrderView.ts); null before it has one. */
  fulfilment?: SalesOrderFulfilment | null;
  createdAt: string;
  updatedAt?: string | null;
}

export interface SalesOrderFulfilment {
  pullTicketId: number;
  ptNumber: string;
  status: string;
  shippedAt: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  ticketCount: number;
}

export const SALES_ORDERS_PATH = '/api/sales-orders';
export const SALES_ORDERS_KEY = [SALES_ORDERS_PATH];

/** One page of sales orders, paged, searched, filtered and sorted on the server (libs/contracts orderLists.ts). */
export function useSalesOrders(query: ListPageQuery) {
  return useListPage<SalesOrder>(SALES_ORDERS_PATH, query);
}

import { useQuery } from '@tanstack/react-query';

/** spec §3 SalesOrder; items arrive as an array or as JSON text (see domain/lineItems). */
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
  syncStatus?: string | null;
  syncError?: string | null;
  qbId?: string | null;
  createdAt: string;
  updatedAt?: string | null;
}

export const SALES_ORDERS_KEY = ['/api/sales-orders'];

export function useSalesOrders() {
  return useQuery<SalesOrder[]>({ queryKey: SALES_ORDERS_KEY });
}

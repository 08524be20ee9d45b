import { useQuery } from '@tanstack/react-query';

export interface SalesOrder {
  id: string | number;
  soNumber: string;
  customerName: string | null;
  customerEmail?: string | null;
  status: string;
  totalAmount: string | number;
  syncStatus?: string | null;
  qbId?: string | null;
  createdAt: string;
}

export const SALES_ORDERS_KEY = ['/api/sales-orders'];

export function useSalesOrders() {
  return useQuery<SalesOrder[]>({ queryKey: SALES_ORDERS_KEY });
}

import { useQuery } from '@tanstack/react-query';

export interface PurchaseOrder {
  id: string | number;
  poNumber: string;
  vendorName: string | null;
  vendorEmail?: string | null;
  poType?: string | null;
  status: string;
  totalAmount: string | number;
  totalQuantity: number;
  quantityRemaining: number;
  qbId?: string | null;
  overrideStatus?: boolean | null;
}

export const PURCHASE_ORDERS_KEY = ['/api/purchase-orders'];

export function usePurchaseOrders() {
  return useQuery<PurchaseOrder[]>({ queryKey: PURCHASE_ORDERS_KEY });
}

import { useQuery } from '@tanstack/react-query';

/** A bulk purchase order as the sales order form offers it (spec §3); item quantities are what remains. */
export interface OpenBulkPurchaseOrder {
  id: string | number;
  poNumber: string;
  vendorName: string | null;
  status: string;
  quantityRemaining: number;
  items: { itemId: string | number | null; quantity: number }[];
}

export const OPEN_BULK_PURCHASE_ORDERS_KEY = ['/api/purchase-orders/bulk/open'];

export function useOpenBulkPurchaseOrders() {
  return useQuery<OpenBulkPurchaseOrder[]>({ queryKey: OPEN_BULK_PURCHASE_ORDERS_KEY });
}

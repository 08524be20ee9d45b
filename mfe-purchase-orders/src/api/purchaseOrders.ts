import { useQuery } from '@tanstack/react-query';
import { parseLineItems, type PurchaseOrderLine } from './lineItems.js';

/** A purchase order as the pages use it: lines always a list (spec §3). */
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
  items: PurchaseOrderLine[];
  createdAt?: string | null;
  updatedAt?: string | null;
}

/** As GET /api/purchase-orders answers: lines may come as a JSON string. */
type PurchaseOrderResponse = Omit<PurchaseOrder, 'items'> & { items?: unknown };

/** Spec §3: a qbId means the order came from QuickBooks; without one it was made by hand. */
export function purchaseOrderSource(order: Pick<PurchaseOrder, 'qbId'>): 'QuickBooks' | 'Manual' {
  return order.qbId ? 'QuickBooks' : 'Manual';
}

export const PURCHASE_ORDERS_KEY = ['/api/purchase-orders'];

function withParsedLines(orders: PurchaseOrderResponse[]): PurchaseOrder[] {
  return orders.map((order) => ({ ...order, items: parseLineItems(order.items) }));
}

export function usePurchaseOrders() {
  return useQuery<PurchaseOrderResponse[], Error, PurchaseOrder[]>({ queryKey: PURCHASE_ORDERS_KEY, select: withParsedLines });
}

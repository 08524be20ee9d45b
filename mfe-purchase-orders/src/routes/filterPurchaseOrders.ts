import { matchesSearch } from '@printpool/ui';
import type { PurchaseOrder } from '../api/purchaseOrders.js';

/** The rows the page lists: closed orders only when asked for, then the search over number, vendor and status. */
export function filterPurchaseOrders(orders: PurchaseOrder[], search: string, showClosed: boolean): PurchaseOrder[] {
  return orders.filter(
    (po) => (showClosed || po.status !== 'closed') && matchesSearch(search, po.poNumber, po.vendorName, po.status),
  );
}

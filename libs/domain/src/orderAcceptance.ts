import type { SalesOrderStatus } from './salesOrderStatus.js';

export const ACCEPTED_IN_QUICKBOOKS = "This order's estimate is in QuickBooks: it is accepted there, and the next sync brings it";
export const ONLY_OPEN_ORDERS_ACCEPTED = 'Only an active or pending order can be accepted';

/** What the rule reads of a sales order (libs/contracts SalesOrderSchema). */
export interface OrderToAccept {
  qbId: string | null;
  status: SalesOrderStatus;
}

/**
 * Why a sales order cannot be accepted in PrintPool, or null when it can (docs/product.md §4). An
 * order from QuickBooks is accepted there: its estimate's status is its own, and an import would
 * undo an acceptance made here. A manual order (no estimate yet) is accepted here, once, from
 * active or pending: its estimate is then created as Accepted (svc-sync estimateWriteBack.ts).
 * svc-inventory refuses by this rule and the Sales Orders page offers Accept order by it.
 */
export function acceptanceRefusal(order: OrderToAccept): string | null {
  if (order.qbId) return ACCEPTED_IN_QUICKBOOKS;
  if (order.status !== 'active' && order.status !== 'pending') return ONLY_OPEN_ORDERS_ACCEPTED;
  return null;
}

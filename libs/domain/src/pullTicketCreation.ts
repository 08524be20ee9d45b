import type { SalesOrderStatus } from './salesOrderStatus.js';

export const ONLY_ACCEPTED_ORDERS = 'Pull tickets can only be created for accepted QuickBooks orders (status processing)';
export const NO_COVERING_PO = 'No bulk purchase orders with sufficient inventory for these items';

/** What the rule reads of a sales order (libs/contracts SalesOrderSchema). */
export interface OrderToRelease {
  qbId: string | null;
  status: SalesOrderStatus;
  bulkPoId: number | null;
  allocationNote: string | null;
}

/**
 * Why svc-inventory would refuse a pull ticket for the order, or null when it makes one. The
 * Sales Orders page disables its Create Pull Ticket with this reason, and svc-inventory's
 * createPullTicket.ts refuses by it, so the button is never offered for a ticket the server
 * turns down (docs/product.md §4). An order without a bulk PO and with the note that none covers
 * it has nothing the vendor could pull from: the broker can choose no PO for it.
 */
export function pullTicketRefusal(order: OrderToRelease): string | null {
  if (!order.qbId || order.status !== 'processing') return ONLY_ACCEPTED_ORDERS;
  if (order.bulkPoId === null && order.allocationNote === NO_COVERING_PO) return NO_COVERING_PO;
  return null;
}

import type { SalesOrderStatus } from './salesOrderStatus.js';
import { acceptanceRefusal } from './orderAcceptance.js';

export const ONLY_ACCEPTED_ORDERS = 'Pull tickets can only be created for accepted orders (status processing)';
export const ACCEPT_FIRST = 'Accept the order first: pull tickets release accepted orders';
export const NO_COVERING_PO = 'No bulk purchase orders with sufficient inventory for these items';
export const EVERY_UNIT_RELEASED = 'Every unit of this order is on a pull ticket already';

/** What the rule reads of a sales order (libs/contracts SalesOrderSchema). */
export interface OrderToRelease {
  qbId: string | null;
  status: SalesOrderStatus;
  bulkPoId: number | null;
  allocationNote: string | null;
  /** Units on no ticket that is not cancelled; absent when not known, as for an order not yet read. */
  unreleasedQuantity?: number;
}

/**
 * Why svc-inventory would refuse a pull ticket for the order, or null when it makes one. The
 * Sales Orders page disables its Create Pull Ticket with this reason, and svc-inventory's
 * createPullTicket.ts refuses by it, so the button is never offered for a ticket the server
 * turns down (docs/product.md §4). A ticket releases an accepted order: accepted in QuickBooks,
 * or, for a manual order, in PrintPool (orderAcceptance.ts), which the reason tells the broker.
 * An order without a bulk PO and with the note that none covers it has nothing the vendor could
 * pull from: the broker can choose no PO for it. Once every unit is on a ticket there is nothing
 * left to release.
 */
export function pullTicketRefusal(order: OrderToRelease): string | null {
  if (order.status !== 'processing') return acceptanceRefusal(order) === null ? ACCEPT_FIRST : ONLY_ACCEPTED_ORDERS;
  if (order.bulkPoId === null && order.allocationNote === NO_COVERING_PO) return NO_COVERING_PO;
  if (order.unreleasedQuantity === 0) return EVERY_UNIT_RELEASED;
  return null;
}

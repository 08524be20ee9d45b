/** Every status a sales order can have. */
export const SALES_ORDER_STATUSES = ['active', 'pending', 'processing', 'completed', 'cancelled'] as const;
export type SalesOrderStatus = (typeof SALES_ORDER_STATUSES)[number];

/** The statuses a broker can set on an order; 'processing' comes only from QuickBooks. */
export const EDITABLE_SALES_ORDER_STATUSES = ['active', 'pending', 'completed', 'cancelled'] as const satisfies readonly SalesOrderStatus[];

/**
 * Whether the order's goods have left the pool for good: the vendor is pulling them (processing)
 * or they have shipped (completed). Only cancelling, deleting or editing the order down returns
 * its units (docs/architecture.md §5): the edit form sends its bulk PO, and svc-inventory keeps the one it has when a save names none.
 */
export function goodsCommitted(status: SalesOrderStatus): boolean {
  return status === 'processing' || status === 'completed';
}

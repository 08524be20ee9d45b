/** Every status a sales order can have. */
export const SALES_ORDER_STATUSES = ['active', 'pending', 'processing', 'completed', 'cancelled'] as const;
export type SalesOrderStatus = (typeof SALES_ORDER_STATUSES)[number];

/** The statuses a broker can set on an order; 'processing' comes only from QuickBooks. */
export const EDITABLE_SALES_ORDER_STATUSES = ['active', 'pending', 'completed', 'cancelled'] as const satisfies readonly SalesOrderStatus[];

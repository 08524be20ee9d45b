import type { SalesOrder } from '../api/salesOrders.js';

/** The dialog the page shows, for which order; null when none is open. */
export type SalesOrderDialog = { kind: 'details' | 'edit' | 'email' | 'delete' | 'pull-ticket' | 'accept'; order: SalesOrder } | null;

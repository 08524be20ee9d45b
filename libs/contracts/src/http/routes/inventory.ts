import { z } from 'zod';
import type { RouteContract } from '../routeContract.js';
import { CATALOG_ROUTES } from './inventoryCatalog.js';
import { HISTORY_ROUTES } from './inventoryHistory.js';
import { PROGRAM_ROUTES } from './inventoryPrograms.js';
import { PROGRAM_SUMMARY_ROUTES } from './inventoryProgramSummary.js';
import { CUSTOMER_STOCK_ROUTES } from './inventoryCustomerStock.js';
import { REORDER_ESTIMATE_ROUTES } from './inventoryReorderEstimates.js';
import { STOCK_OWNER_ROUTES } from './inventoryStockOwners.js';
import { CUSTOMER_STATEMENT_ROUTES } from './inventoryCustomerStatement.js';
import { PULL_TICKET_ROUTES } from './inventoryPullTickets.js';
import { RECEIPT_ROUTES } from './inventoryReceipts.js';
import { PURCHASE_ORDER_ROUTES } from './inventoryPurchaseOrders.js';
import { SALES_ORDER_ROUTES } from './inventorySalesOrders.js';

/**
 * The dashboard's cards (docs/product.md §2 Dashboard): activeSOs, orders holding pool inventory
 * for a live deal ('active' and 'processing'); totalItems, units in stock across the pool;
 * pendingPullTickets; openPOs, the open bulk POs; conflictSOs, orders QuickBooks and PrintPool both
 * changed in the same field, which wait for the broker's choice (docs/quickbooks.md).
 */
export const DashboardStatsSchema = z
  .object({
    activeSOs: z.number().int(),
    /** A sum of virtual inventory, fractional when QuickBooks' quantities are. */
    totalItems: z.number(),
    pendingPullTickets: z.number().int(),
    openPOs: z.number().int(),
    conflictSOs: z.number().int(),
  })
  .meta({ id: 'DashboardStats' });

/** `{ fix: true }` repairs what the check finds. */
export const ReconcileInputSchema = z.object({ fix: z.boolean().optional() });

const units = z.number();
const tallies = z.object({ orders: z.number().int(), activeOrders: z.number().int() });

/**
 * A denormalized figure that disagrees with the ledger (svc-inventory/src/orders/reconcile.ts): a PO
 * line's remaining, an item's virtual inventory, the sales order tallies, or an order left waiting
 * that an open bulk PO covers. An `expected` below zero means a line was overdrawn.
 */
export const DriftSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('purchase-order-line'),
    tenantId: z.string(),
    purchaseOrderId: z.number().int(),
    purchaseOrderLineId: z.number().int(),
    stored: units,
    expected: units,
  }),
  z.object({ kind: z.literal('item-level'), tenantId: z.string(), itemQbId: z.string(), stored: units, expected: units }),
  z.object({ kind: z.literal('sales-order-tally'), tenantId: z.string(), stored: tallies, expected: tallies }),
  z.object({
    kind: z.literal('allocatable-order'),
    tenantId: z.string(),
    salesOrderId: z.number().int(),
    soNumber: z.string(),
    coveringPoId: z.number().int(),
  }),
]);

export const ReconcileResultSchema = z.object({ drift: z.array(DriftSchema), fixed: z.boolean() }).meta({ id: 'ReconcileResult' });

/** Every route svc-inventory serves: catalog, purchase orders and their programs and receipts, sales orders, pull tickets, the dashboard and reconciliation. */
export const INVENTORY_ROUTES = [
  ...CATALOG_ROUTES,
  ...PURCHASE_ORDER_ROUTES,
  ...SALES_ORDER_ROUTES,
  ...PULL_TICKET_ROUTES,
  ...HISTORY_ROUTES,
  ...PROGRAM_ROUTES,
  ...RECEIPT_ROUTES,
  ...PROGRAM_SUMMARY_ROUTES,
  ...CUSTOMER_STOCK_ROUTES,
  ...REORDER_ESTIMATE_ROUTES,
  ...STOCK_OWNER_ROUTES,
  ...CUSTOMER_STATEMENT_ROUTES,
  {
    method: 'get',
    path: '/api/dashboard/stats',
    caller: 'browser',
    tags: ['dashboard'],
    summary: "The dashboard's counts",
    responses: { 200: { description: 'The counts', body: DashboardStatsSchema } },
  },
  {
    method: 'post',
    path: '/api/inventory/reconcile',
    caller: 'operator',
    tags: ['operations'],
    summary: "Check the tenant's denormalized quantities against the ledger and find orders left waiting that a bulk PO covers",
    body: ReconcileInputSchema,
    responses: { 200: { description: 'What differs, and whether it was repaired', body: ReconcileResultSchema } },
  },
] as const satisfies readonly RouteContract[];

export * from './inventoryHistory.js';

export type DashboardStats = z.infer<typeof DashboardStatsSchema>;
export type Drift = z.infer<typeof DriftSchema>;
export type ReconcileResult = z.infer<typeof ReconcileResultSchema>;

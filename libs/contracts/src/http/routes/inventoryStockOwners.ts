import { z } from 'zod';
import type { RouteContract } from '../routeContract.js';
import { IfMatchHeadersSchema, VersionSchema } from '../versionHeaders.js';
import { RecordIdSchema } from './inventoryLists.js';

/**
 * Whose stock each item of a bulk PO is (docs/product.md §12): the customer its QuickBooks lines
 * name, else the customer the broker assigned it to, else the only customer whose orders drew
 * on it; else it is shared. The assignment is PrintPool's: nothing of it goes to QuickBooks.
 */

export const STOCK_OWNER_SOURCES = ['quickbooks', 'broker', 'orders', 'shared'] as const;

const CustomerRefSchema = z.object({ customerId: z.number().int(), customerName: z.string() });

export const PurchaseOrderStockOwnerSchema = z
  .object({
    itemId: z.string(),
    itemName: z.string().nullable(),
    /** Whose stock it is; null: shared. */
    owner: CustomerRefSchema.nullable(),
    /** What decided it: the QuickBooks lines, the broker's assignment, the orders that drew on it, or nothing (shared). */
    decidedBy: z.enum(STOCK_OWNER_SOURCES),
    /** The broker's assignment, kept even where the QuickBooks lines decide. */
    assigned: CustomerRefSchema.nullable(),
    /** The assignment's version: a change names it in If-Match. */
    version: VersionSchema,
  })
  .meta({ id: 'PurchaseOrderStockOwner' });

export const PurchaseOrderStockOwnersSchema = z
  .object({
    purchaseOrderId: z.number().int(),
    poNumber: z.string(),
    items: z.array(PurchaseOrderStockOwnerSchema),
  })
  .meta({ id: 'PurchaseOrderStockOwners' });

/** PUT /api/purchase-orders/:id/stock-owners/:itemId: the customer the item's stock is held for; null takes the assignment back. */
export const StockOwnerInputSchema = z
  .object({
    customerId: z
      .number({ error: 'Customer must be a customer of the company' })
      .int('Customer must be a customer of the company')
      .positive('Customer must be a customer of the company')
      .nullable(),
  })
  .meta({ id: 'StockOwnerInput' });

export const PurchaseOrderItemParamsSchema = RecordIdSchema.extend({
  itemId: z.string().trim().min(1).max(100),
});

const tags = ['purchase-orders', 'programs'] as const;

export const STOCK_OWNER_ROUTES = [
  {
    method: 'get',
    path: '/api/purchase-orders/:id/stock-owners',
    caller: 'browser',
    tags,
    summary: "Whose stock each item of a bulk PO is, and what decided it: the QuickBooks lines, the broker's assignment, or the orders drawing on it",
    params: RecordIdSchema,
    responses: {
      200: { description: 'Each item of the PO with its owner', body: PurchaseOrderStockOwnersSchema },
      404: { description: 'No such purchase order in the company' },
      422: { description: 'The purchase order is not a bulk PO' },
    },
  },
  {
    method: 'put',
    path: '/api/purchase-orders/:id/stock-owners/:itemId',
    caller: 'browser',
    tags,
    summary: "Hold an item's stock on a bulk PO for a customer, or take the assignment back (null); never written to QuickBooks",
    params: PurchaseOrderItemParamsSchema,
    headers: IfMatchHeadersSchema,
    body: StockOwnerInputSchema,
    responses: {
      200: { description: 'The item with its owner', body: PurchaseOrderStockOwnerSchema },
      400: { description: 'A field is invalid (customerId)' },
      404: { description: 'No such purchase order in the company, or no line of the item on it' },
      409: { description: 'VERSION_CONFLICT: the assignment changed since the version in If-Match; details hold the item as it now is' },
      422: { description: 'The purchase order is not a bulk PO, or the customer is not one of the company (details.field customerId)' },
    },
  },
] as const satisfies readonly RouteContract[];

export type PurchaseOrderStockOwner = z.infer<typeof PurchaseOrderStockOwnerSchema>;
export type PurchaseOrderStockOwners = z.infer<typeof PurchaseOrderStockOwnersSchema>;
export type StockOwnerInput = z.infer<typeof StockOwnerInputSchema>;

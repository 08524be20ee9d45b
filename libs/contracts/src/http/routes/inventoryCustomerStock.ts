import { z } from 'zod';
import type { RouteContract } from '../routeContract.js';
import { RecordIdSchema } from './inventoryLists.js';

/**
 * A customer's stock (docs/product.md §12): per item, what is held for them at vendors on the bulk
 * POs that are theirs, what open orders hold of it, how fast they use it and how long it lasts.
 * Read on the day `asOf` (the server's, UTC).
 */

const units = z.number();

export const CustomerStockProgramSchema = z.object({
  purchaseOrderId: z.number().int(),
  poNumber: z.string(),
  /** The program's last day (docs/product.md §11). */
  expiresOn: z.iso.date(),
  daysLeft: z.number().int(),
  /** Of this item on the PO: pooled less released. */
  atVendor: units,
  /** Of this item on the PO: free to sell. */
  remaining: units,
});

export const REORDER_POINT_SOURCES = ['customer', 'default'] as const;

export const CustomerStockItemSchema = z.object({
  itemId: z.string(),
  itemName: z.string().nullable(),
  /** Held for the customer at vendors: what the pool holds of their lines, less what shipped. */
  atVendor: units,
  /** Of that, held for open orders and not yet shipped. */
  allocated: units,
  /** Of that, free to sell. */
  remaining: units,
  /** The 12 full calendar months before asOf's, oldest first: units shipped to the customer ('YYYY-MM'). */
  releasedByMonth: z.array(z.object({ month: z.string(), released: units })),
  releasedThisMonth: units,
  /** Units a month over the full months since the customer's first release of the item (at most 12); null before a full month of use. */
  averageMonthlyUsage: units.nullable(),
  /** atVendor at that usage, one decimal; null without usage. */
  monthsOfSupply: z.number().nullable(),
  runOutOn: z.iso.date().nullable(),
  /** The customer's bulk POs holding the item, the soonest to end first. */
  programs: z.array(CustomerStockProgramSchema),
  /** When to reorder: units, or months of supply at the average usage. */
  reorderPoint: z.object({ units: units.nullable(), months: z.number().nullable(), source: z.enum(REORDER_POINT_SOURCES) }),
  atOrBelowReorderPoint: z.boolean(),
});

export const CustomerInventorySchema = z
  .object({
    customerId: z.number().int(),
    customerName: z.string(),
    asOf: z.iso.date(),
    items: z.array(CustomerStockItemSchema),
  })
  .meta({ id: 'CustomerInventory' });

export const CUSTOMER_STOCK_ROUTES = [
  {
    method: 'get',
    path: '/api/customers/:id/inventory',
    caller: 'browser',
    tags: ['catalog', 'programs'],
    summary: "A customer's stock: per item held at vendors, allocated, used per month, months of supply, run-out and the programs holding it",
    params: RecordIdSchema,
    responses: {
      200: { description: 'The customer’s stock on the day asOf', body: CustomerInventorySchema },
      404: { description: 'No such customer in the company' },
    },
  },
] as const satisfies readonly RouteContract[];

export type CustomerStockProgram = z.infer<typeof CustomerStockProgramSchema>;
export type CustomerStockItem = z.infer<typeof CustomerStockItemSchema>;
export type CustomerInventory = z.infer<typeof CustomerInventorySchema>;

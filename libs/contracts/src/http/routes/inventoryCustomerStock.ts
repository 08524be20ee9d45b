import { z } from 'zod';
import type { RouteContract } from '../routeContract.js';
import { IfMatchHeadersSchema, VersionSchema } from '../versionHeaders.js';
import { RecordIdSchema } from './inventoryLists.js';
import { units as unitsInput } from './numberInputs.js';

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
  reorderPoint: z.object({
    units: units.nullable(),
    months: z.number().nullable(),
    source: z.enum(REORDER_POINT_SOURCES),
    /** The point's version: a change names it in If-Match. */
    version: VersionSchema,
  }),
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

export const MAX_REORDER_MONTHS = 60;

/**
 * PUT /api/customers/:id/inventory/:itemId/reorder-point: `{ units }` or `{ months }` of supply;
 * both null (or absent) go back to the default.
 */
export const ReorderPointInputSchema = z
  .object({
    units: unitsInput('Units').nullable().optional(),
    months: z
      .number({ error: 'Months must be a number' })
      .positive('Months must be more than 0')
      .max(MAX_REORDER_MONTHS, `Months must be at most ${MAX_REORDER_MONTHS}`)
      .refine((months) => Math.round(months * 100) === months * 100, 'Months can have at most 2 decimal places')
      .nullable()
      .optional(),
  })
  .superRefine((point, ctx) => {
    if (point.units != null && point.months != null) ctx.addIssue({ code: 'custom', path: ['months'], message: 'Give units or months, not both' });
  })
  .meta({ id: 'ReorderPointInput' });

export const CustomerItemParamsSchema = RecordIdSchema.extend({
  itemId: z.string().trim().min(1).max(100),
});

/**
 * The estimate created in QuickBooks from a reorder alert (docs/product.md §12): the broker edits it
 * there before sending it. QuickBooks' Id and DocNumber as it answered the create (null where the
 * company numbers its estimates by hand).
 */
export const ReorderEstimateSchema = z
  .object({
    qbId: z.string(),
    docNumber: z.string().nullable(),
    createdAt: z.iso.datetime(),
    /** The estimate's line as created: the last bulk run's quantity and the last price. */
    quantity: units,
    unitPrice: z.number(),
  })
  .meta({ id: 'ReorderEstimate' });

const ALERT_KEY = /^(reorder|expiring|storage)\.[A-Za-z0-9_.-]{1,200}$/;

/** What needs the broker (docs/product.md §12): stock at its reorder point, programs ending, storage charges starting. */
export const InventoryAlertSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('reorder'),
    key: z.string(),
    customerId: z.number().int(),
    customerName: z.string(),
    itemId: z.string(),
    itemName: z.string().nullable(),
    atVendor: units,
    reorderPoint: z.object({ units: units.nullable(), months: z.number().nullable() }),
    monthsOfSupply: z.number().nullable(),
    runOutOn: z.iso.date().nullable(),
    /** The estimate created from this alert, while the stock stands at or below the level it was created at; else null. */
    estimate: ReorderEstimateSchema.nullable(),
  }),
  z.object({
    kind: z.literal('expiring'),
    key: z.string(),
    purchaseOrderId: z.number().int(),
    poNumber: z.string(),
    expiresOn: z.iso.date(),
    daysLeft: z.number().int(),
    remaining: units,
  }),
  z.object({
    kind: z.literal('storage'),
    key: z.string(),
    purchaseOrderId: z.number().int(),
    poNumber: z.string(),
    /** The first day storage is charged. */
    chargedFrom: z.iso.date(),
    daysLeft: z.number().int(),
    atVendor: units,
  }),
]);

export const InventoryAlertsSchema = z.object({ asOf: z.iso.date(), alerts: z.array(InventoryAlertSchema) }).meta({ id: 'InventoryAlerts' });

export const AlertKeyParamsSchema = z.object({ key: z.string().regex(ALERT_KEY, 'Alert not found') });

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
  {
    method: 'put',
    path: '/api/customers/:id/inventory/:itemId/reorder-point',
    caller: 'browser',
    tags: ['catalog', 'programs'],
    summary: "Set when to reorder a customer's item: units, or months of supply at their usage; both null go back to the default",
    params: CustomerItemParamsSchema,
    headers: IfMatchHeadersSchema,
    body: ReorderPointInputSchema,
    responses: {
      200: { description: 'The item with its reorder point', body: CustomerStockItemSchema },
      400: { description: 'A field is invalid (units, months)' },
      404: { description: 'No such customer in the company, or no stock or usage of the item for them' },
      409: { description: 'VERSION_CONFLICT: the point changed since the version in If-Match; details hold the item as it now is' },
    },
  },
  {
    method: 'get',
    path: '/api/inventory/alerts',
    caller: 'browser',
    tags: ['programs', 'dashboard'],
    summary: 'Customer items at or below their reorder point, programs ending within 30 days and storage charges starting within 30 days',
    responses: { 200: { description: 'What needs the broker, not dismissed', body: InventoryAlertsSchema } },
  },
  {
    method: 'post',
    path: '/api/inventory/alerts/:key/dismiss',
    caller: 'browser',
    tags: ['programs', 'dashboard'],
    summary: 'Dismiss an alert: it comes back only when the level falls further',
    params: AlertKeyParamsSchema,
    responses: { 204: { description: 'Dismissed' }, 404: { description: 'No such alert in the company today' } },
  },
] as const satisfies readonly RouteContract[];

export type CustomerStockProgram = z.infer<typeof CustomerStockProgramSchema>;
export type CustomerStockItem = z.infer<typeof CustomerStockItemSchema>;
export type CustomerInventory = z.infer<typeof CustomerInventorySchema>;
export type ReorderPointInput = z.output<typeof ReorderPointInputSchema>;
export type InventoryAlert = z.infer<typeof InventoryAlertSchema>;
export type InventoryAlerts = z.infer<typeof InventoryAlertsSchema>;
export type ReorderEstimate = z.infer<typeof ReorderEstimateSchema>;

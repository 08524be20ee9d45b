import { z } from 'zod';
import { OpenBulkPurchaseOrderSchema, OpenBulkPurchaseOrdersQuerySchema } from '../openBulkPurchaseOrders.js';
import { PurchaseOrderListFiltersSchema } from '../orderLists.js';
import type { RouteContract } from '../routeContract.js';
import { ListPagingQuerySchema, listContracts, RecordIdSchema } from './inventoryLists.js';
import { checkOrderLine, checkOrderTotals, docNumber, DocumentMoneySchema, lineAmount } from './inventoryOrders.js';
import { IfMatchHeadersSchema, VersionSchema } from '../versionHeaders.js';

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

const quantity = z.union(
  [
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number),
  ],
  { error: 'Quantity must be more than 0' },
);
const price = z.union(
  [
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number),
  ],
  { error: 'Unit price must be at least 0' },
);

const PurchaseOrderLineInputSchema = z
  .object({
    itemId: z
      .union([z.string(), z.number()], { error: 'Item is required' })
      .transform((value) => String(value).trim())
      .pipe(z.string().min(1, 'Item is required').max(100, 'Item id must be at most 100 characters')),
    itemName: optionalText('Item name', 1000),
    description: optionalText('Description', 4000),
    quantity,
    unitPrice: price.optional().default(0),
  })
  .superRefine(checkOrderLine)
  .transform((line) => ({ ...line, amount: lineAmount(line.quantity, line.unitPrice) }));

export const NEW_VENDOR_NEEDS_EMAIL = 'Vendor email is required to add a vendor';

/**
 * POST /api/purchase-orders: a purchase order the broker enters here (no qbId). Bulk or
 * standard follows its number's suffix, as for a synced one (docs/product.md §1), so the type is not asked.
 * vendorName names one of the company's vendors (GET /api/vendors), unless `addVendor` adds it
 * as a new one, with its e-mail (svc-inventory/src/orders/manualPurchaseOrderVendor.ts).
 */
export const PurchaseOrderCreateSchema = z
  .object({
    poNumber: docNumber('PO number'),
    vendorName: z.string({ error: 'Vendor is required' }).trim().min(1, 'Vendor is required').max(500, 'Vendor must be at most 500 characters'),
    vendorEmail: z
      .string()
      .trim()
      .max(254, 'Vendor email must be a valid e-mail address')
      .nullish()
      .transform((value) => value || null)
      .pipe(z.email('Vendor email must be a valid e-mail address').nullable()),
    /** The broker's explicit Add vendor: vendorName is a vendor the company does not have yet, kept in PrintPool with vendorEmail. */
    addVendor: z.boolean({ error: 'Add vendor must be true or false' }).optional().default(false),
    items: z
      .array(PurchaseOrderLineInputSchema, { error: 'Items must be a list' })
      .min(1, 'At least one item is required')
      .max(500, 'A purchase order has at most 500 lines')
      .superRefine(checkOrderTotals),
  })
  .superRefine((input, ctx) => {
    if (input.addVendor && !input.vendorEmail) ctx.addIssue({ code: 'custom', path: ['vendorEmail'], message: NEW_VENDOR_NEEDS_EMAIL });
  })
  .meta({ id: 'PurchaseOrderCreateInput' });

/** The broker's status override (the 'Override' badge): it wins over QuickBooks' status until changed again. */
export const PurchaseOrderStatusInputSchema = z.object({ status: z.enum(['open', 'closed'], { error: "Status must be 'open' or 'closed'" }) });

/**
 * A purchase order line as the Purchase Orders page reads it (docs/product.md §3). An `expense` line is a
 * cost booked to an account (freight, setup; itemName is the account): shown with its amount,
 * never stock, so its qty and qtyRemaining are 0 and it has no inventory status.
 */
export const PurchaseOrderItemSchema = z
  .object({
    itemName: z.string().nullable(),
    itemId: z.string().nullable(),
    description: z.string().nullable(),
    qty: z.number(),
    unitPrice: z.number(),
    qtyRemaining: z.number(),
    /** What receipts brought of the line (docs/product.md §11); null while the run is in production. */
    qtyReceived: z.number().nullable(),
    kind: z.enum(['item', 'expense']),
    /** QuickBooks' line Amount, to the cent. */
    amount: z.number(),
  })
  .meta({ id: 'PurchaseOrderItem' });

/**
 * docs/product.md §3 PurchaseOrder; overrideStatus is the flag behind the 'Override' badge. totalQuantity
 * and quantityRemaining count item lines only.
 */
export const PurchaseOrderSchema = DocumentMoneySchema.extend({
  id: z.number().int(),
  poNumber: z.string(),
  vendorName: z.string().nullable(),
  /** The PO's own e-mail (QuickBooks' POEmail), else the vendor's. */
  vendorEmail: z.string().nullable(),
  /** Where the vendor ships (QuickBooks' ShipAddr), its lines joined by ', '; null for a manual PO. */
  shipAddress: z.string().nullable(),
  /** The payment terms the vendor bills by, by name ('Net 30'); null when QuickBooks names none. */
  terms: z.string().nullable(),
  /** QuickBooks' memo on the PO, printed for the vendor. */
  memo: z.string().nullable(),
  /** Two decimals: '1250.00'. */
  totalAmount: z.string(),
  totalQuantity: z.number(),
  quantityRemaining: z.number(),
  /** The broker's override when set, else QuickBooks' status. */
  status: z.enum(['open', 'closed']),
  poType: z.enum(['BULK', 'STANDARD']),
  /** The PO's date: its TxnDate in QuickBooks, a manual PO's creation day. */
  poDate: z.iso.date().nullable(),
  /** Present: the order came from QuickBooks; absent: it was made by hand. */
  qbId: z.string().nullable(),
  overrideStatus: z.boolean(),
  /** A bulk PO's program's last day (docs/product.md §11); null for a standard PO. */
  expiresOn: z.iso.date().nullable(),
  /** Units free to sell as a percent of what the pool holds of the PO, to one decimal; null without stock lines. */
  remainingPercent: z.number().nullable(),
  items: z.array(PurchaseOrderItemSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** The version of its status, the one thing the broker edits on it. */
  version: VersionSchema,
}).meta({ id: 'PurchaseOrder' });

/**
 * A purchase order as the Purchase Orders list answers it (and its CSV): the order, and for a bulk
 * PO its program's charges to date as its program page counts them (docs/product.md §11).
 */
export const PurchaseOrderListRowSchema = PurchaseOrderSchema.extend({
  /** Release charges plus storage accrued up to today (the server's date, UTC), two decimals; null for a standard PO. */
  chargesToDate: z.string().nullable(),
}).meta({ id: 'PurchaseOrderListRow' });

const tags = ['purchase-orders'] as const;

/** The Purchase Orders page's routes and the Bulk Purchase Order picker (svc-inventory/src/routes/purchaseOrders.ts). */
export const PURCHASE_ORDER_ROUTES = [
  ...listContracts({ path: '/api/purchase-orders', tags, rows: 'purchase orders', filters: PurchaseOrderListFiltersSchema, row: PurchaseOrderListRowSchema }),
  {
    method: 'get',
    path: '/api/purchase-orders/bulk/open',
    caller: 'browser',
    tags,
    summary: 'The open bulk POs an active sales order can draw from, oldest first as the pool draws',
    query: OpenBulkPurchaseOrdersQuerySchema.extend(ListPagingQuerySchema.shape),
    responses: {
      200: {
        description: "The page's purchase orders",
        body: z.array(OpenBulkPurchaseOrderSchema),
        headers: { 'X-Total-Count': 'How many open bulk POs qualify in all' },
      },
    },
  },
  {
    method: 'post',
    path: '/api/purchase-orders',
    caller: 'browser',
    tags,
    summary: 'New Purchase Order (source Manual)',
    body: PurchaseOrderCreateSchema,
    responses: {
      201: { description: 'The order as the list shows it', body: PurchaseOrderSchema },
      409: { description: 'The PO number is taken (details name poNumber), or the vendor to add is one the company has (vendorName)' },
      422: { description: "vendorName names none of the company's active vendors and addVendor is not set; details name vendorName" },
    },
  },
  {
    method: 'get',
    path: '/api/purchase-orders/:id',
    caller: 'browser',
    tags,
    summary: 'One purchase order',
    params: RecordIdSchema,
    responses: { 200: { description: 'The order', body: PurchaseOrderSchema } },
  },
  {
    method: 'post',
    path: '/api/purchase-orders/:id/status',
    caller: 'browser',
    tags,
    summary: "Override the order's status: closing takes its remaining units out of the pool, opening re-allocates the orders it may serve",
    params: RecordIdSchema,
    headers: IfMatchHeadersSchema,
    body: PurchaseOrderStatusInputSchema,
    responses: {
      200: { description: 'The order with its new status', body: PurchaseOrderSchema },
      409: { description: 'VERSION_CONFLICT: someone changed the status since the version in If-Match; details hold the order as it now is' },
    },
  },
  {
    method: 'delete',
    path: '/api/purchase-orders/:id',
    caller: 'browser',
    tags,
    summary: 'Delete a manual purchase order',
    params: RecordIdSchema,
    responses: { 204: { description: 'Deleted' }, 409: { description: 'Synced from QuickBooks: delete it there instead' } },
  },
] as const satisfies readonly RouteContract[];

export type PurchaseOrderCreate = z.output<typeof PurchaseOrderCreateSchema>;
export type PurchaseOrder = z.infer<typeof PurchaseOrderSchema>;
export type PurchaseOrderListRow = z.infer<typeof PurchaseOrderListRowSchema>;
export type PurchaseOrderItem = z.infer<typeof PurchaseOrderItemSchema>;

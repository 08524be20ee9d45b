import { EDITABLE_SALES_ORDER_STATUSES, NO_COVERING_PO, PULL_TICKET_STATUSES, SALES_ORDER_STATUSES } from '@printpool/domain';
import { z } from 'zod';
import { EstimateEditSchema, SalesOrderSyncResultSchema } from '../estimateEdit.js';
import { SALES_ORDER_SYNC_STATUSES, SalesOrderListFiltersSchema } from '../orderLists.js';
import type { RouteContract } from '../routeContract.js';
import { IfMatchHeadersSchema, VersionSchema } from '../versionHeaders.js';
import { listContracts, RecordIdSchema } from './inventoryLists.js';
import { checkOrderLine, checkOrderTotals, docNumber, DocumentMoneySchema, lineAmount } from './inventoryOrders.js';

export const ACTIVE_NEEDS_BULK_PO = 'Bulk Purchase Order with sufficient inventory is required when status is Active';

/** The warning an order kept after QuickBooks deleted its estimate, and its pull tickets, carry (docs/product.md §4). */
export const ESTIMATE_DELETED_IN_QUICKBOOKS = 'Its estimate was deleted in QuickBooks';
/** Why a kept order refuses edits (svc-inventory/src/orders/deletedEstimates.ts). */
/** Why a pull ticket of such an order is neither shipped nor e-mailed (svc-inventory/src/routes/pullTickets.ts, svc-documents/src/routes/emailRoutes.ts). */
export const DELETED_ORDER_TICKET_HELD = `${ESTIMATE_DELETED_IN_QUICKBOOKS}: cancel this pull ticket, or re-create the estimate, before the vendor is told to pull or ship it`;
export const DELETED_ORDER_READ_ONLY = `${ESTIMATE_DELETED_IN_QUICKBOOKS}: this order is read-only until you re-create the estimate in QuickBooks or confirm the deletion`;

const money = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A line's text. The form sends the lines as JSON text, inside which the service's input guard
 * does not look, so NUL and unpaired surrogates are refused here. Lengths are QuickBooks' own.
 */
const lineText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value), `${label} must be valid text without NUL characters`)
    .nullish();

function nonEmpty(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** A line as the form sends it; snake_case names are read too, as the sales order line item of docs/product.md §3 reads them. */
const SalesOrderLineInputSchema = z
  .object({
    lineId: lineText('Line id', 100),
    itemId: z.union([lineText('Item id', 100), z.number()]),
    item_id: z.union([lineText('Item id', 100), z.number()]),
    itemName: lineText('Item name', 1000),
    item_name: lineText('Item name', 1000),
    description: lineText('Description', 4000),
    sku: lineText('SKU', 100),
    quantity: money.optional(),
    qty: money.optional(),
    unitPrice: money.optional(),
    unit_price: money.optional(),
  })
  .transform((line) => ({
    qbLineId: line.lineId ?? null,
    itemQbId: nonEmpty(String(line.itemId ?? line.item_id ?? '')),
    itemName: nonEmpty(line.itemName ?? line.item_name),
    description: nonEmpty(line.description),
    sku: nonEmpty(line.sku),
    quantity: line.quantity ?? line.qty ?? 0,
    unitPrice: line.unitPrice ?? line.unit_price ?? 0,
  }))
  .transform((line) => ({ ...line, amount: lineAmount(line.quantity, line.unitPrice) }))
  .superRefine(checkOrderLine);

/** The form sends items as a JSON string (docs/product.md §7); an array is accepted too. */
const SalesOrderLinesInputSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z.array(SalesOrderLineInputSchema, { error: 'Items must be a list' }).min(1, 'At least one item is required').superRefine(checkOrderTotals),
);

const STATUS_REFUSAL = 'Status must be one of active, pending, completed, cancelled';

/**
 * PUT /api/sales-orders/:id (docs/product.md §5 and §7). totalQuantity and totalAmount are accepted
 * but recomputed from the lines, so a total can never disagree with them.
 */
export const SalesOrderUpdateSchema = z
  .object({
    id: z.unknown().optional(),
    customerName: z
      .string({ error: 'Customer name is required' })
      .trim()
      .min(1, 'Customer name is required')
      .max(500, 'Customer name must be at most 500 characters'),
    customerEmail: z
      .string()
      .trim()
      .max(254, 'Customer email must be a valid e-mail address')
      .nullish()
      .transform((value) => value || null)
      .pipe(z.email('Customer email must be a valid e-mail address').nullable()),
    // 'processing' comes only from QuickBooks, but an order that has it is saved with it (svc-inventory editSalesOrder.ts).
    status: z.enum(SALES_ORDER_STATUSES, { error: STATUS_REFUSAL }),
    bulkPoId: z
      .union([z.number(), z.string().trim().regex(/^\d*$/, 'Bulk purchase order must be a purchase order id'), z.null()], {
        error: 'Bulk purchase order must be a purchase order id',
      })
      .optional()
      .transform((value) => (value === null || value === undefined || value === '' ? null : Number(value)))
      .refine((value) => value === null || (Number.isSafeInteger(value) && value > 0), 'Bulk purchase order must be a purchase order id'),
    totalQuantity: z.unknown().optional(),
    totalAmount: z.unknown().optional(),
    items: SalesOrderLinesInputSchema,
  })
  .meta({ id: 'SalesOrderInput' });

/** POST /api/sales-orders: the Sales Order form's fields (docs/product.md §5) and the order's number. */
export const SalesOrderCreateSchema = SalesOrderUpdateSchema.extend({
  status: z.enum(EDITABLE_SALES_ORDER_STATUSES, { error: STATUS_REFUSAL }),
  soNumber: docNumber('SO number'),
}).meta({ id: 'SalesOrderCreateInput' });

/**
 * The bundle (a QuickBooks Group item) a line was sold in: what the customer bought. Its
 * components are the order's lines carrying it, each drawn from the pool as any item line;
 * lines of one bundle share its lineId.
 */
const SalesOrderBundleSchema = z.object({
  /** The estimate's Group line id. */
  lineId: z.string().nullable(),
  /** The Group item's QuickBooks id. */
  itemId: z.string().nullable(),
  name: z.string().nullable(),
  /** Bundles sold; each component's quantity is already for all of them. */
  quantity: z.number(),
});

/** A sales order line (docs/product.md §3); itemId is the QuickBooks item id, as PO lines reference items. */
export const SalesOrderItemSchema = z
  .object({
    /** The estimate line it is in QuickBooks; null until a line added here is written back. Sent back unchanged by the edit form. */
    lineId: z.string().nullable(),
    itemId: z.string().nullable(),
    itemName: z.string().nullable(),
    quantity: z.number(),
    unitPrice: z.number(),
    totalPrice: z.number(),
    description: z.string().nullable(),
    sku: z.string().nullable(),
    /** Null for a line not sold in a bundle. */
    bundle: SalesOrderBundleSchema.nullable(),
    /**
     * Units of the line on pull tickets that are not cancelled, and of those on shipped (or
     * delivered) ones (docs/product.md §4). svc-inventory always answers them; a line the edit
     * form sends back leaves them out.
     */
    releasedQuantity: z.number().optional(),
    shippedQuantity: z.number().optional(),
  })
  .meta({ id: 'SalesOrderItem' });

/**
 * A QuickBooks description-only line ('PROOF MUST BE APPROVED BEFORE RUN'): text the customer and
 * the vendor read among the lines, never an item. `afterLineId` is the item line (its lineId) it
 * follows in QuickBooks, null before the first; the edit form neither shows nor sends these, and
 * write-back leaves them in QuickBooks as they are.
 */
export const SalesOrderDescriptionLineSchema = z
  .object({ lineId: z.string(), description: z.string(), afterLineId: z.string().nullable() })
  .meta({ id: 'SalesOrderDescriptionLine' });

/** One row of an order as it reads: an item line, or a description-only line in its place among them. */
export type OrderedSalesOrderLine<I> = { kind: 'item'; item: I } | { kind: 'description'; line: SalesOrderDescriptionLine };

/**
 * The order's lines in QuickBooks' order: each description-only line after the item line it
 * follows. One whose line is gone (removed here since) stays where the lines end, so no text the
 * customer was given goes missing from the documents.
 */
export function salesOrderLinesInOrder<I extends { lineId: string | null }>(
  items: readonly I[],
  descriptionLines: readonly SalesOrderDescriptionLine[],
): OrderedSalesOrderLine<I>[] {
  const following = new Map<string | null, SalesOrderDescriptionLine[]>();
  const lineIds = new Set(items.map((item) => item.lineId).filter((id): id is string => id !== null));
  for (const line of descriptionLines) {
    const anchor = line.afterLineId === null || lineIds.has(line.afterLineId) ? line.afterLineId : undefined;
    const key = anchor === undefined ? '\u0000end' : anchor;
    following.set(key, [...(following.get(key) ?? []), line]);
  }
  const texts = (key: string | null): OrderedSalesOrderLine<I>[] => (following.get(key) ?? []).map((line) => ({ kind: 'description', line }));
  return [
    ...texts(null),
    ...items.flatMap((item): OrderedSalesOrderLine<I>[] => [{ kind: 'item', item }, ...(item.lineId === null ? [] : texts(item.lineId))]),
    ...texts('\u0000end'),
  ];
}

/**
 * How the order is being fulfilled: its pull ticket (the one not cancelled, else the latest) with
 * its status and shipment, and how many tickets the order has in all. The order itself becomes
 * 'completed' once its tickets have shipped every unit (docs/product.md §4).
 */
export const SalesOrderFulfilmentSchema = z.object({
  pullTicketId: z.number().int(),
  ptNumber: z.string(),
  status: z.enum(PULL_TICKET_STATUSES),
  shippedAt: z.iso.datetime().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  ticketCount: z.number().int(),
});

/** docs/product.md §3 SalesOrder, plus allocationNote: why no bulk PO holds a 'pending' order, and QuickBooks' subtotal, discount, tax and currency. */
export const SalesOrderSchema = DocumentMoneySchema.extend({
  id: z.number().int(),
  soNumber: z.string(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  status: z.enum(SALES_ORDER_STATUSES),
  bulkPoId: z.number().int().nullable(),
  items: z.array(SalesOrderItemSchema),
  /** QuickBooks' description-only lines, placed among the items by salesOrderLinesInOrder. */
  descriptionLines: z.array(SalesOrderDescriptionLineSchema),
  /** Units, possibly fractional as in QuickBooks. */
  totalQuantity: z.number(),
  /** Two decimals: '1250.00'. */
  totalAmount: z.string(),
  /**
   * Write-back's state: 'pending' after an edit QuickBooks does not have yet, then 'syncing', 'synced' or 'error';
   * 'conflict' when QuickBooks changed a field the edit changed too (syncError names both values); null for an order never written.
   */
  syncStatus: z.enum(SALES_ORDER_SYNC_STATUSES).nullable(),
  syncError: z.string().nullable(),
  /** The QuickBooks estimate; null for a manual order not yet written back. */
  qbId: z.string().nullable(),
  allocationNote: z.string().nullable(),
  /** As the estimate has them, for the documents (svc-documents/src/pdf/salesOrderPdf.ts); null for a manual order. Addresses on one line. */
  billAddress: z.string().nullable(),
  shipAddress: z.string().nullable(),
  /** The estimate's date in QuickBooks. */
  orderDate: z.iso.date().nullable(),
  terms: z.string().nullable(),
  shipMethod: z.string().nullable(),
  customerPoNumber: z.string().nullable(),
  /** The bulk PO's number, for the link to it. */
  bulkPoNumber: z.string().nullable(),
  fulfilment: SalesOrderFulfilmentSchema.nullable(),
  /** Units of the order's lines on no pull ticket that is not cancelled: what a new ticket may still release (docs/product.md §4). */
  unreleasedQuantity: z.number().optional(),
  /**
   * When QuickBooks deleted the order's estimate while a pull ticket, an unsent edit or a shipment
   * hung on it: the order is kept, read-only, holding its stock until the broker confirms the
   * deletion or re-creates the estimate. Null for every other order.
   */
  deletedInQuickbooksAt: z.iso.datetime().nullable(),
  version: VersionSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
}).meta({ id: 'SalesOrder' });

const tags = ['sales-orders'] as const;
const order = (description: string) => ({ description, body: SalesOrderSchema, headers: { ETag: "The order's version, quoted: send it back in If-Match" } });
const refused = {
  422: { description: `Active without a bulk PO ('${ACTIVE_NEEDS_BULK_PO}'), or the chosen bulk PO does not cover the lines` },
};

/** The Sales Orders page's routes (svc-inventory/src/routes/salesOrders.ts) and write-back's side of them (writeBack.ts). */
export const SALES_ORDER_ROUTES = [
  ...listContracts({ path: '/api/sales-orders', tags, rows: 'sales orders', filters: SalesOrderListFiltersSchema, row: SalesOrderSchema }),
  {
    method: 'post',
    path: '/api/sales-orders',
    caller: 'browser',
    tags,
    summary: 'New Sales Order (source Manual): drawn from the chosen bulk PO, else the oldest covering one',
    body: SalesOrderCreateSchema,
    responses: { 201: order('The order as the list shows it'), 409: { description: 'The SO number is taken; details name soNumber' }, ...refused },
  },
  {
    method: 'get',
    path: '/api/sales-orders/:id',
    caller: 'browser',
    tags,
    summary: 'One sales order',
    params: RecordIdSchema,
    responses: { 200: order('The order') },
  },
  {
    method: 'put',
    path: '/api/sales-orders/:id',
    caller: 'browser',
    tags,
    summary: 'Edit the order; its allocation follows in the same transaction',
    params: RecordIdSchema,
    headers: IfMatchHeadersSchema,
    body: SalesOrderUpdateSchema,
    responses: {
      200: order('The order as saved'),
      ...refused,
      409: {
        description:
          'VERSION_CONFLICT: the order changed since the version in If-Match; details hold it as it now is and each field that differs. DELETED_IN_QUICKBOOKS: its estimate was deleted in QuickBooks, so it is read-only',
      },
    },
  },
  {
    method: 'post',
    path: '/api/sales-orders/:id/accept',
    caller: 'browser',
    tags,
    summary:
      'Accept order: a manual order the customer accepted becomes processing, drawn as an accepted estimate is, so it can be released; Sync to QuickBooks then creates its estimate as Accepted',
    params: RecordIdSchema,
    headers: IfMatchHeadersSchema,
    responses: {
      200: order('The order as accepted, pending write-back'),
      409: {
        description:
          'VERSION_CONFLICT: the order changed since the version in If-Match; details hold it as it now is. DELETED_IN_QUICKBOOKS: its estimate was deleted in QuickBooks, so it is read-only',
      },
      422: {
        description: `The order cannot be accepted here (details name qbId: its estimate is in QuickBooks; status: it is not active or pending), or no bulk PO covers it ('${NO_COVERING_PO}', details name bulkPoId)`,
      },
    },
  },
  {
    method: 'delete',
    path: '/api/sales-orders/:id',
    caller: 'browser',
    tags,
    summary: 'Delete the order; what it held goes to the orders waiting for it',
    params: RecordIdSchema,
    responses: { 204: { description: 'Deleted' } },
  },
  {
    method: 'post',
    path: '/api/sales-orders/:id/confirm-deleted',
    caller: 'browser',
    tags,
    summary: 'Confirm that an order whose estimate was deleted in QuickBooks is gone: it releases what it held and is deleted',
    params: RecordIdSchema,
    responses: {
      204: { description: 'Deleted' },
      409: { description: 'An open pull ticket of the order is to be cancelled first; details name it' },
      422: { description: 'The order was not deleted in QuickBooks' },
    },
  },
  {
    method: 'post',
    path: '/api/sales-orders/:id/recreate-estimate',
    caller: 'browser',
    tags,
    summary: 'Re-create the estimate of an order deleted in QuickBooks: the order is to be written back as a new estimate (Sync to QuickBooks then creates it)',
    params: RecordIdSchema,
    responses: { 200: order('The order, pending write-back without an estimate'), 422: { description: 'The order was not deleted in QuickBooks' } },
  },
  {
    method: 'get',
    path: '/api/internal/sales-orders/:id/estimate-edit',
    caller: 'service',
    tags,
    summary: 'What the broker changed on the order since it was last synced, for svc-sync to write to its estimate',
    params: RecordIdSchema,
    responses: {
      200: { description: 'The edit', body: EstimateEditSchema },
      409: { description: 'The order has no QuickBooks estimate, or was never synced from one' },
    },
  },
  {
    method: 'post',
    path: '/api/internal/sales-orders/:id/sync-result',
    caller: 'service',
    tags,
    summary: 'svc-sync records how writing the order to QuickBooks went and, once accepted, the estimate as QuickBooks holds it',
    params: RecordIdSchema,
    body: SalesOrderSyncResultSchema,
    responses: { 200: order('The order as it now stands') },
  },
] as const satisfies readonly RouteContract[];

export type SalesOrderUpdate = z.output<typeof SalesOrderUpdateSchema>;
export type SalesOrderCreate = z.output<typeof SalesOrderCreateSchema>;
export type SalesOrder = z.infer<typeof SalesOrderSchema>;
export type SalesOrderItem = z.infer<typeof SalesOrderItemSchema>;
export type SalesOrderFulfilment = z.infer<typeof SalesOrderFulfilmentSchema>;
export type SalesOrderDescriptionLine = z.infer<typeof SalesOrderDescriptionLineSchema>;

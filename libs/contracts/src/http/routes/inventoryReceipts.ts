import { z } from 'zod';
import { AccountingPurchaseOrderSchema } from '../../events/accounting.js';
import type { RouteContract } from '../routeContract.js';
import { IfMatchHeadersSchema, VersionSchema } from '../versionHeaders.js';
import { RecordIdSchema } from './inventoryLists.js';
import { units } from './numberInputs.js';
import { STANDARD_PO_RESPONSE } from './inventoryPrograms.js';

/**
 * Receipts of a bulk purchase order's run (docs/product.md §11): what the vendor delivered, with
 * its overs and unders. Before its first receipt a line's pool holds the ordered quantity (in
 * production); from then on, what was received. PrintPool's own records.
 */

export const RECEIPT_NOTE_MAX = 2000;
export const MAX_RECEIPT_LINES = 500;
/** A receipt beyond its program's tolerance waits for the broker; 'accepted' and 'claim' are the broker's answers. */
export const RECEIPT_STATUSES = ['complete', 'flagged', 'accepted', 'claim'] as const;
export const RECEIPT_RESOLUTIONS = ['accepted', 'claim'] as const;
/** A line's run: still being printed, received, or received beyond tolerance and waiting for the broker. */
export const RECEIPT_LINE_STATES = ['in-production', 'received', 'flagged', 'accepted', 'claim'] as const;
/**
 * Where a receipt the broker asked to write to the QuickBooks PO stands: 'pending' until svc-sync
 * has written it, 'written' once QuickBooks holds the received quantities, 'failed' with the reason.
 */
export const RECEIPT_WRITE_BACK_STATUSES = ['pending', 'written', 'failed'] as const;

const note = z
  .string({ error: 'Note must be text' })
  .trim()
  .max(RECEIPT_NOTE_MAX, `Note must be at most ${RECEIPT_NOTE_MAX} characters`)
  .transform((text) => text || null);

/** POST /api/purchase-orders/:id/receipts: one delivery, per item of the PO at most once. */
export const ReceiptInputSchema = z
  .object({
    receivedOn: z.iso.date({ error: 'Received on must be a date (YYYY-MM-DD)' }),
    note: note.nullable().optional(),
    lines: z
      .array(
        z.object({
          itemId: z.string({ error: 'Item must be named' }).trim().min(1, 'Item must be named').max(100, 'Item must be at most 100 characters'),
          quantityReceived: units('Quantity received'),
        }),
        { error: 'Lines must be a list' },
      )
      .min(1, 'A receipt needs at least one line')
      .max(MAX_RECEIPT_LINES, `A receipt has at most ${MAX_RECEIPT_LINES} lines`)
      .superRefine((lines, ctx) => {
        const seen = new Set<string>();
        for (const [index, line] of lines.entries()) {
          if (seen.has(line.itemId)) ctx.addIssue({ code: 'custom', path: [index, 'itemId'], message: `${line.itemId} is on the receipt twice` });
          seen.add(line.itemId);
        }
      }),
    /** Also set the received quantities on the QuickBooks PO (docs/product.md §11): the broker's choice per receipt. */
    writeBackToQuickBooks: z.boolean({ error: 'Write back to QuickBooks must be true or false' }).default(false),
  })
  .meta({ id: 'ReceiptInput' });

/** POST /api/purchase-orders/:id/receipts/:receiptId/resolve: the broker's answer to a receipt beyond tolerance. */
export const ReceiptResolutionInputSchema = z
  .object({
    resolution: z.enum(RECEIPT_RESOLUTIONS, { error: "Resolution must be 'accepted' or 'claim'" }),
    note: note.nullable().optional(),
  })
  .meta({ id: 'ReceiptResolutionInput' });

export const ReceiptParamsSchema = RecordIdSchema.extend({ receiptId: RecordIdSchema.shape.id });

/** A receipt's write to the QuickBooks PO; null on a receipt the broker did not ask to write. */
export const ReceiptWriteBackStateSchema = z
  .object({
    status: z.enum(RECEIPT_WRITE_BACK_STATUSES),
    /** Why it was not written (QuickBooks' own words, or the conflict); null unless failed. */
    reason: z.string().nullable(),
    /** When QuickBooks last answered it; null while pending. */
    at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ReceiptWriteBackState' });

export const ReceiptSchema = z
  .object({
    id: z.number().int(),
    receivedOn: z.iso.date(),
    note: z.string().nullable(),
    status: z.enum(RECEIPT_STATUSES),
    resolutionNote: z.string().nullable(),
    recordedAt: z.iso.datetime(),
    lines: z.array(z.object({ itemId: z.string(), itemName: z.string().nullable(), quantityReceived: z.number() })),
    writeBack: ReceiptWriteBackStateSchema.nullable(),
  })
  .meta({ id: 'Receipt' });

/** One item of the PO: ordered, received so far, and how the difference stands to the tolerance. */
export const ReceiptLineSummarySchema = z.object({
  itemId: z.string(),
  itemName: z.string().nullable(),
  /** What the run ordered: QuickBooks' quantity, or the one it had before a receipt's write-back set it to the received one. */
  ordered: z.number(),
  /** Null until a receipt names the item. */
  received: z.number().nullable(),
  /** What the pool holds of the item on this PO: the received quantity once received, else the ordered one. */
  pooled: z.number(),
  /** Received less ordered; null until received. */
  difference: z.number().nullable(),
  differencePercent: z.number().nullable(),
  withinTolerance: z.boolean().nullable(),
  /** The PO line's unit cost, at QuickBooks' precision. */
  unitCost: z.number(),
  /** The difference at the unit cost, two decimals, signed: overs billed, unders credited. Null until received. */
  differenceAmount: z.string().nullable(),
  state: z.enum(RECEIPT_LINE_STATES),
});

/** GET /api/purchase-orders/:id/receipts: the run as received so far. */
export const PurchaseOrderReceiptsSchema = z
  .object({
    purchaseOrderId: z.number().int(),
    poNumber: z.string(),
    /** The QuickBooks PO a receipt can be written to; null for a PO made in PrintPool. */
    qbId: z.string().nullable(),
    tolerancePercent: z.number().int(),
    lines: z.array(ReceiptLineSummarySchema),
    receipts: z.array(ReceiptSchema),
    version: VersionSchema,
  })
  .meta({ id: 'PurchaseOrderReceipts' });

/**
 * GET /api/internal/purchase-orders/:id/receipts/:receiptId/write-back: what svc-sync writes to the
 * QuickBooks PO for a receipt (docs/product.md §11), on the PO as PrintPool last synced it.
 */
export const ReceiptToWriteSchema = z
  .object({
    purchaseOrderId: z.number().int(),
    poNumber: z.string(),
    receiptId: z.number().int(),
    qbId: z.string(),
    /** The PO's SyncToken as PrintPool last synced it: the version the write is based on. */
    syncToken: z.string(),
    /** Each PO line the receipt named, with what has been received of it so far: its new quantity in QuickBooks. */
    lines: z.array(
      z.object({
        qbLineId: z.string(),
        itemId: z.string(),
        itemName: z.string().nullable(),
        quantityReceived: z.number(),
        unitPrice: z.number(),
      }),
    ),
  })
  .meta({ id: 'ReceiptToWrite' });

/** POST /api/internal/purchase-orders/:id/receipts/:receiptId/write-back-result: how svc-sync's write went. */
export const ReceiptWriteBackResultSchema = z
  .discriminatedUnion('status', [
    z.object({
      status: z.literal('written'),
      /** The lines whose Qty the write changed, with QuickBooks' quantity before it: the run's ordered quantity from then on. */
      lines: z.array(z.object({ qbLineId: z.string(), orderedBefore: z.number() })),
      /** The PO as QuickBooks answered the write (or holds it, when it already had the received quantities). */
      purchaseOrder: AccountingPurchaseOrderSchema,
    }),
    z.object({ status: z.literal('failed'), reason: z.string().min(1).max(2000) }),
  ])
  .meta({ id: 'ReceiptWriteBackResult' });

const tags = ['programs'] as const;
const answer = (description: string) => ({
  description,
  body: PurchaseOrderReceiptsSchema,
  headers: { ETag: "The receipts' version, quoted: send it back in If-Match with the next receipt" },
});

/** Receipts of bulk POs (svc-inventory/src/routes/receipts.ts). */
export const RECEIPT_ROUTES = [
  {
    method: 'get',
    path: '/api/purchase-orders/:id/receipts',
    caller: 'browser',
    tags,
    summary: "A bulk PO's receipts and, per item, ordered, received and the over or under",
    params: RecordIdSchema,
    responses: { 200: answer('The run as received so far'), 404: { description: 'No such purchase order in the company' }, 422: STANDARD_PO_RESPONSE },
  },
  {
    method: 'post',
    path: '/api/purchase-orders/:id/receipts',
    caller: 'browser',
    tags,
    summary: 'Record a delivery of the run: the pool holds what was received from then on',
    description:
      'Orders drawing more than a line now holds move to the next covering bulk PO or wait as pending. A delivery beyond the tolerance is flagged for the broker (resolve).',
    params: RecordIdSchema,
    headers: IfMatchHeadersSchema,
    body: ReceiptInputSchema,
    responses: {
      201: answer('The run with the receipt'),
      400: { description: 'A field is invalid, or an item is not on the purchase order (lines.N.itemId)' },
      404: { description: 'No such purchase order in the company' },
      409: { description: 'VERSION_CONFLICT: a receipt was recorded or resolved since the version in If-Match; details hold the run as it now is' },
      422: STANDARD_PO_RESPONSE,
    },
  },
  {
    method: 'post',
    path: '/api/purchase-orders/:id/receipts/:receiptId/resolve',
    caller: 'browser',
    tags,
    summary: 'Accept a receipt beyond tolerance as it is, or hold its difference as a claim against the vendor',
    params: ReceiptParamsSchema,
    headers: IfMatchHeadersSchema,
    body: ReceiptResolutionInputSchema,
    responses: {
      200: answer('The run with the receipt resolved'),
      404: { description: 'No such purchase order or receipt in the company' },
      409: { description: 'VERSION_CONFLICT: the receipts changed since the version in If-Match, or the receipt is not waiting for an answer' },
    },
  },
  {
    method: 'get',
    path: '/api/internal/purchase-orders/:id/receipts/:receiptId/write-back',
    caller: 'service',
    tags,
    summary: "What svc-sync writes to the QuickBooks PO for a receipt: each line's received quantity, on the PO's SyncToken as PrintPool last synced it",
    params: ReceiptParamsSchema,
    responses: {
      200: { description: 'The receipt to write', body: ReceiptToWriteSchema },
      404: { description: 'No such purchase order or receipt in the company' },
      409: { description: 'A line the receipt named is no longer on the purchase order' },
      422: { description: 'The receipt was recorded without asking to write it to QuickBooks' },
    },
  },
  {
    method: 'post',
    path: '/api/internal/purchase-orders/:id/receipts/:receiptId/write-back-result',
    caller: 'service',
    tags,
    summary: 'svc-sync records how writing a receipt to the QuickBooks PO went and, once written, the PO as QuickBooks holds it',
    params: ReceiptParamsSchema,
    body: ReceiptWriteBackResultSchema,
    responses: {
      200: answer('The run with the receipt as written, or not'),
      404: { description: 'No such purchase order or receipt in the company' },
      422: { description: 'The receipt was recorded without asking to write it to QuickBooks, or the answer is of another PO' },
    },
  },
] as const satisfies readonly RouteContract[];

export type ReceiptInput = z.output<typeof ReceiptInputSchema>;
export type ReceiptResolutionInput = z.output<typeof ReceiptResolutionInputSchema>;
export type Receipt = z.infer<typeof ReceiptSchema>;
export type ReceiptLineSummary = z.infer<typeof ReceiptLineSummarySchema>;
export type PurchaseOrderReceipts = z.infer<typeof PurchaseOrderReceiptsSchema>;
export type ReceiptWriteBackState = z.infer<typeof ReceiptWriteBackStateSchema>;
export type ReceiptToWrite = z.infer<typeof ReceiptToWriteSchema>;
export type ReceiptWriteBackResult = z.infer<typeof ReceiptWriteBackResultSchema>;

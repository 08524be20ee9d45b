import { exactQuantity, QUANTITY_DECIMALS } from '@printpool/domain';
import { z } from 'zod';

const ITEM_NEED = String.raw`[^,:\s]{1,64}:\d{1,12}(?:\.\d{1,7})?`;

/**
 * `GET /api/purchase-orders/bulk/open`: the open bulk POs an active sales order can draw from,
 * oldest first, paged and searched (`?search=&limit=&offset=`) like every list. With `need`
 * only those holding every item with enough units left are listed; with `holding`, what that
 * order already draws counts as left on the PO it draws from (the order being edited).
 */
export const OpenBulkPurchaseOrdersQuerySchema = z.object({
  /** `<item id>:<units>,…`, units to QuickBooks' seven decimals; an item named twice needs the sum. */
  need: z
    .string()
    // Within the URL a server reads (Node: 16 KB of headers): some 400 lines.
    .max(8_000)
    .regex(new RegExp(`^${ITEM_NEED}(?:,${ITEM_NEED})*$`), 'must list item:units pairs, separated by commas')
    .optional(),
  /** The id of the sales order being edited. */
  holding: z
    .string()
    .regex(/^\d{1,15}$/, 'must be a sales order id')
    .optional(),
  /** One PO alone: whether the broker's choice still covers the lines as they are now. */
  id: z
    .string()
    .regex(/^\d{1,15}$/, 'must be a purchase order id')
    .optional(),
});

export const OpenBulkPurchaseOrderSchema = z
  .object({
    id: z.number().int(),
    poNumber: z.string(),
    vendorName: z.string().nullable(),
    status: z.string(),
    /** Units left on its lines, counting what the `holding` order draws from it. */
    quantityRemaining: z.number(),
  })
  .meta({ id: 'OpenBulkPurchaseOrder' });

export type OpenBulkPurchaseOrdersQuery = z.infer<typeof OpenBulkPurchaseOrdersQuerySchema>;
export type OpenBulkPurchaseOrder = z.infer<typeof OpenBulkPurchaseOrderSchema>;

/** The `need` parameter for an order's lines (those without an item or units need nothing). */
export function needParameter(lines: readonly { itemId: string | number | null | undefined; quantity: number | null | undefined }[]): string | undefined {
  const pairs = lines.flatMap(({ itemId, quantity }) => {
    const item = itemId === null || itemId === undefined ? '' : String(itemId).trim();
    const units = exactQuantity(quantity);
    // Fixed notation: 1e-7 or 0.30000000000000004 would not read back as the units meant.
    return item && units > 0 ? [`${item}:${units.toFixed(QUANTITY_DECIMALS).replace(/\.?0+$/, '')}`] : [];
  });
  return pairs.length ? pairs.join(',') : undefined;
}

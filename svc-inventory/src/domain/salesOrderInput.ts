import { z } from 'zod';
import { lineAmount } from './lineAmount.js';

/** Statuses the edit form offers (spec §5); 'processing' comes only from QuickBooks. */
export const EDITABLE_STATUSES = ['active', 'pending', 'completed', 'cancelled'] as const;

export const ACTIVE_NEEDS_BULK_PO = 'Bulk Purchase Order with sufficient inventory is required when status is Active';

const money = z.union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)]);

/** A line as the form sends it; snake_case names are read too, as the spec's list reads them. */
const LineSchema = z
  .object({
    lineId: z.string().max(100).nullish(),
    itemId: z.union([z.string(), z.number()]).nullish(),
    item_id: z.union([z.string(), z.number()]).nullish(),
    itemName: z.string().nullish(),
    item_name: z.string().nullish(),
    description: z.string().nullish(),
    sku: z.string().nullish(),
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
  .superRefine((line, ctx) => {
    if (!Number.isInteger(line.quantity) || line.quantity < 1) ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Quantity must be at least 1' });
    if (!(line.unitPrice >= 0)) ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: 'Unit price must be at least 0' });
  });

function nonEmpty(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** The form sends items as a JSON string (spec §7); an array is accepted too. */
const ItemsSchema = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, z.array(LineSchema, { error: 'Items must be a list' }).min(1, 'At least one item is required'));

/**
 * PUT /api/sales-orders/:id (spec §5 and §7). totalQuantity and totalAmount are accepted
 * but recomputed from the lines, so a total can never disagree with them.
 */
export const SalesOrderUpdateSchema = z.object({
  id: z.unknown().optional(),
  customerName: z.string({ error: 'Customer name is required' }).trim().min(1, 'Customer name is required'),
  customerEmail: z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || null)
    .pipe(z.email('Customer email must be a valid e-mail address').nullable()),
  status: z.enum(EDITABLE_STATUSES, { error: 'Status must be one of active, pending, completed, cancelled' }),
  bulkPoId: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value) => (value === null || value === undefined || value === '' ? null : Number(value))),
  totalQuantity: z.unknown().optional(),
  totalAmount: z.unknown().optional(),
  items: ItemsSchema,
});
export type SalesOrderUpdate = z.output<typeof SalesOrderUpdateSchema>;
export type SalesOrderUpdateLine = SalesOrderUpdate['items'][number];

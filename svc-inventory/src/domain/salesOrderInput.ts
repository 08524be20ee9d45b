import { z } from 'zod';
import { EDITABLE_SALES_ORDER_STATUSES, hasQuantityPrecision, QUANTITY_DECIMALS, sumQuantities } from '@printpool/domain';
import { lineAmount } from './lineAmount.js';

export const ACTIVE_NEEDS_BULK_PO = 'Bulk Purchase Order with sufficient inventory is required when status is Active';

const money = z.union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)]);

/** Bounds of what QuickBooks and the columns hold: amounts are numeric(14,2); a quantity beyond this has no room for its decimals in a double. */
export const MAX_QUANTITY = 2_147_483_647;

/**
 * What is wrong with a line's quantity, if anything. QuickBooks quantities may be fractional
 * (2.5 boxes, 0.75 hours), to seven decimal places (libs/domain/src/quantity.ts), so a line
 * synced from QuickBooks saves unchanged whatever it holds.
 */
export function quantityProblem(quantity: number): string | null {
  if (!Number.isFinite(quantity) || quantity <= 0) return 'Quantity must be more than 0';
  if (quantity > MAX_QUANTITY) return `Quantity must be at most ${MAX_QUANTITY}`;
  if (!hasQuantityPrecision(quantity)) return `Quantity can have at most ${QUANTITY_DECIMALS} decimal places`;
  return null;
}
export const MAX_AMOUNT = 999_999_999_999.99;

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

/** A line as the form sends it; snake_case names are read too, as the spec's list reads them. */
const LineSchema = z
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
  .superRefine((line, ctx) => {
    const problem = quantityProblem(line.quantity);
    if (problem) ctx.addIssue({ code: 'custom', path: ['quantity'], message: problem });
    if (!(line.unitPrice >= 0)) ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: 'Unit price must be at least 0' });
    else if (!(line.quantity * line.unitPrice <= MAX_AMOUNT)) ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: `Unit price makes the line total more than ${MAX_AMOUNT}` });
  });

function nonEmpty(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** The form sends items as a JSON string (docs/product.md §7); an array is accepted too. */
const ItemsSchema = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, z
  .array(LineSchema, { error: 'Items must be a list' })
  .min(1, 'At least one item is required')
  .superRefine((lines, ctx) => {
    // The order's totals are kept in columns of the same size as a line's.
    if (sumQuantities(lines, (line) => line.quantity) > MAX_QUANTITY) ctx.addIssue({ code: 'custom', message: `The order's total quantity must be at most ${MAX_QUANTITY}` });
    if (lines.reduce((sum, line) => sum + line.amount, 0) > MAX_AMOUNT) ctx.addIssue({ code: 'custom', message: `The order's total amount must be at most ${MAX_AMOUNT}` });
  }));

/**
 * PUT /api/sales-orders/:id (docs/product.md §5 and §7). totalQuantity and totalAmount are accepted
 * but recomputed from the lines, so a total can never disagree with them.
 */
export const SalesOrderUpdateSchema = z.object({
  id: z.unknown().optional(),
  customerName: z.string({ error: 'Customer name is required' }).trim().min(1, 'Customer name is required').max(500, 'Customer name must be at most 500 characters'),
  customerEmail: z
    .string()
    .trim()
    .max(254, 'Customer email must be a valid e-mail address')
    .nullish()
    .transform((value) => value || null)
    .pipe(z.email('Customer email must be a valid e-mail address').nullable()),
  status: z.enum(EDITABLE_SALES_ORDER_STATUSES, { error: 'Status must be one of active, pending, completed, cancelled' }),
  bulkPoId: z
    .union([z.number(), z.string().trim().regex(/^\d*$/, 'Bulk purchase order must be a purchase order id'), z.null()], { error: 'Bulk purchase order must be a purchase order id' })
    .optional()
    .transform((value) => (value === null || value === undefined || value === '' ? null : Number(value)))
    .refine((value) => value === null || (Number.isSafeInteger(value) && value > 0), 'Bulk purchase order must be a purchase order id'),
  totalQuantity: z.unknown().optional(),
  totalAmount: z.unknown().optional(),
  items: ItemsSchema,
});
export type SalesOrderUpdate = z.output<typeof SalesOrderUpdateSchema>;
export type SalesOrderUpdateLine = SalesOrderUpdate['items'][number];

import { z } from 'zod';
import { lineAmount } from './lineAmount.js';
import { sumQuantities } from '@printpool/domain';
import { MAX_AMOUNT, MAX_QUANTITY, quantityProblem, SalesOrderUpdateSchema } from './salesOrderInput.js';

/** QuickBooks' DocNumber holds at most 21 characters; a manual order's number becomes its estimate's (svc-sync/src/domain/estimateWriteBack.ts). */
export const MAX_DOC_NUMBER = 21;

/** The number the broker types for a manual order: required, unique per tenant (checked when it is written). */
const docNumber = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(MAX_DOC_NUMBER, `${label} must be at most ${MAX_DOC_NUMBER} characters`)
    .regex(/^[^\u0000-\u001f]*$/, `${label} must be printable text`);

/** POST /api/sales-orders: the Sales Order form's fields (docs/product.md §5) and the order's number. */
export const SalesOrderCreateSchema = SalesOrderUpdateSchema.extend({ soNumber: docNumber('SO number') });
export type SalesOrderCreate = z.output<typeof SalesOrderCreateSchema>;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

const quantity = z.union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/).transform(Number)], { error: 'Quantity must be more than 0' });
const price = z.union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/).transform(Number)], { error: 'Unit price must be at least 0' });

const PurchaseOrderLineSchema = z
  .object({
    itemId: z.union([z.string(), z.number()], { error: 'Item is required' }).transform((value) => String(value).trim()).pipe(z.string().min(1, 'Item is required').max(100, 'Item id must be at most 100 characters')),
    itemName: optionalText('Item name', 1000),
    description: optionalText('Description', 4000),
    quantity,
    unitPrice: price.optional().default(0),
  })
  .superRefine((line, ctx) => {
    const problem = quantityProblem(line.quantity);
    if (problem) ctx.addIssue({ code: 'custom', path: ['quantity'], message: problem });
    if (!(line.unitPrice >= 0)) ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: 'Unit price must be at least 0' });
    else if (!(line.quantity * line.unitPrice <= MAX_AMOUNT)) ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: `Unit price makes the line total more than ${MAX_AMOUNT}` });
  })
  .transform((line) => ({ ...line, amount: lineAmount(line.quantity, line.unitPrice) }));

/**
 * POST /api/purchase-orders: a purchase order the broker enters here (no qbId). Bulk or
 * standard follows its number's suffix, as for a synced one (docs/product.md §1), so the type is not asked.
 */
export const PurchaseOrderCreateSchema = z.object({
  poNumber: docNumber('PO number'),
  vendorName: z.string({ error: 'Vendor is required' }).trim().min(1, 'Vendor is required').max(500, 'Vendor must be at most 500 characters'),
  vendorEmail: z
    .string()
    .trim()
    .max(254, 'Vendor email must be a valid e-mail address')
    .nullish()
    .transform((value) => value || null)
    .pipe(z.email('Vendor email must be a valid e-mail address').nullable()),
  items: z
    .array(PurchaseOrderLineSchema, { error: 'Items must be a list' })
    .min(1, 'At least one item is required')
    .max(500, 'A purchase order has at most 500 lines')
    .superRefine((lines, ctx) => {
      if (sumQuantities(lines, (line) => line.quantity) > MAX_QUANTITY) ctx.addIssue({ code: 'custom', message: `The order's total quantity must be at most ${MAX_QUANTITY}` });
      if (lines.reduce((sum, line) => sum + line.amount, 0) > MAX_AMOUNT) ctx.addIssue({ code: 'custom', message: `The order's total amount must be at most ${MAX_AMOUNT}` });
    }),
});
export type PurchaseOrderCreate = z.output<typeof PurchaseOrderCreateSchema>;

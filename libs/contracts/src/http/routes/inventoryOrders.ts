import { hasQuantityPrecision, QUANTITY_DECIMALS, sumQuantities, toMoneyString } from '@printpool/domain';
import { z } from 'zod';

/** Bounds of what QuickBooks and svc-inventory's columns hold: amounts are numeric(14,2); a quantity beyond this has no room for its decimals in a double. */
export const MAX_QUANTITY = 2_147_483_647;
export const MAX_AMOUNT = 999_999_999_999.99;

/** QuickBooks' DocNumber holds at most 21 characters; a manual order's number becomes its estimate's (svc-sync/src/domain/estimateWriteBack.ts). */
const MAX_DOC_NUMBER = 21;

/** A line's amount as QuickBooks computes it from quantity and exact unit price: to the cent. */
export const lineAmount = (quantity: number, unitPrice: number): number => Number(toMoneyString(quantity * unitPrice));

const QUANTITY_MORE_THAN_0 = 'Quantity must be more than 0';
const UNIT_PRICE_AT_LEAST_0 = 'Unit price must be at least 0';

/**
 * What is wrong with a line's quantity, if anything. QuickBooks quantities may be fractional
 * (2.5 boxes, 0.75 hours), to seven decimal places (libs/domain/src/quantity.ts), so a line
 * synced from QuickBooks saves unchanged whatever it holds.
 */
function quantityProblem(quantity: number): string | null {
  if (!Number.isFinite(quantity) || quantity <= 0) return QUANTITY_MORE_THAN_0;
  if (quantity > MAX_QUANTITY) return `Quantity must be at most ${MAX_QUANTITY}`;
  if (!hasQuantityPrecision(quantity)) return `Quantity can have at most ${QUANTITY_DECIMALS} decimal places`;
  return null;
}

/** A line's quantity as an order form holds it (null while empty), by the rule checkOrderLine holds a sent line to. */
export const LineQuantitySchema = z.number({ error: QUANTITY_MORE_THAN_0 }).superRefine((quantity, ctx) => {
  const problem = quantityProblem(quantity);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A line's unit price as an order form holds it, by the rule checkOrderLine holds a sent line to. */
export const LineUnitPriceSchema = z.number({ error: UNIT_PRICE_AT_LEAST_0 }).min(0, UNIT_PRICE_AT_LEAST_0);

/** The number the broker types for a manual order: required, unique per tenant (checked when it is written). */
export const docNumber = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(MAX_DOC_NUMBER, `${label} must be at most ${MAX_DOC_NUMBER} characters`)
    .regex(/^[^\u0000-\u001f]*$/, `${label} must be printable text`);

/** A line's quantity and unit price, as a sales or purchase order line's columns hold them. */
export function checkOrderLine(line: { quantity: number; unitPrice: number }, ctx: z.core.$RefinementCtx): void {
  const problem = quantityProblem(line.quantity);
  if (problem) ctx.addIssue({ code: 'custom', path: ['quantity'], message: problem });
  if (!(line.unitPrice >= 0)) ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: UNIT_PRICE_AT_LEAST_0 });
  else if (!(line.quantity * line.unitPrice <= MAX_AMOUNT))
    ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: `Unit price makes the line total more than ${MAX_AMOUNT}` });
}

/** The order's totals are kept in columns of the same size as a line's. */
export function checkOrderTotals(lines: readonly { quantity: number; amount: number }[], ctx: z.core.$RefinementCtx): void {
  if (sumQuantities(lines, (line) => line.quantity) > MAX_QUANTITY)
    ctx.addIssue({ code: 'custom', message: `The order's total quantity must be at most ${MAX_QUANTITY}` });
  if (lines.reduce((sum, line) => sum + line.amount, 0) > MAX_AMOUNT)
    ctx.addIssue({ code: 'custom', message: `The order's total amount must be at most ${MAX_AMOUNT}` });
}

/** QuickBooks' subtotal, discount and tax of a purchase or sales order, and its currency (subtotal − discount + tax is QuickBooks' total). */
export const DocumentMoneySchema = z.object({
  /** Two decimals as totalAmount ('1250.00'); null when QuickBooks' figure is not known (imported before it was kept, or edited here since). */
  subtotal: z.string().nullable(),
  discount: z.string().nullable(),
  tax: z.string().nullable(),
  /** ISO 4217 code; null for the company's home currency when QuickBooks did not name it. */
  currency: z.string().nullable(),
});

export type DocumentMoney = z.infer<typeof DocumentMoneySchema>;

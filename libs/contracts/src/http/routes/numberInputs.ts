import { hasQuantityPrecision, QUANTITY_DECIMALS, toMoneyString } from '@printpool/domain';
import { z } from 'zod';
import { MAX_AMOUNT, MAX_QUANTITY } from './inventoryOrders.js';

/** Numbers a form sends for PrintPool's own records (programs, receipts), each refused with a message naming its field. */

const decimalText = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?$/)
  .transform(Number);

/**
 * Money as every amount here (totalAmount): a number or a plain decimal string in, two decimals
 * out ('25.00'). An amount finer than a cent is refused rather than rounded.
 */
export const money = (label: string) =>
  z
    .union([z.number(), decimalText], { error: `${label} must be an amount such as 25.00` })
    .refine((amount) => amount >= 0, `${label} must be at least 0`)
    .refine((amount) => amount <= MAX_AMOUNT, `${label} must be at most ${MAX_AMOUNT}`)
    .refine((amount) => Number(toMoneyString(amount)) === amount, `${label} must be in dollars and cents: at most 2 decimal places`)
    .transform(toMoneyString);

/** Units as QuickBooks counts them: fractional, to seven decimals (libs/domain/src/quantity.ts). */
export const units = (label: string) =>
  z
    .union([z.number(), decimalText], { error: `${label} must be a number of units` })
    .refine((quantity) => quantity >= 0, `${label} must be at least 0`)
    .refine((quantity) => quantity <= MAX_QUANTITY, `${label} must be at most ${MAX_QUANTITY}`)
    .refine(hasQuantityPrecision, `${label} can have at most ${QUANTITY_DECIMALS} decimal places`)
    // -0 is 0.
    .transform((quantity) => quantity + 0);

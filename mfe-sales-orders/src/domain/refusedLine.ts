import { LineQuantitySchema, LineUnitPriceSchema } from '@printpool/contracts';
import { fitsUnitPricePrecision, type EditableLine } from './salesOrderUpdate.js';

export const UNIT_PRICE_PRECISION_MESSAGE = 'Unit price has at most 7 decimals';

/** QuickBooks keeps seven decimals of a unit price and would silently cut any further ones. */
export function unitPricePrecisionRefusal(price: unknown): string | null {
  return typeof price === 'number' && !fitsUnitPricePrecision(price) ? UNIT_PRICE_PRECISION_MESSAGE : null;
}

/** A line's fields the form checks, each with its rules' words for what it refuses (null: accepted). */
const LINE_CHECKS = {
  quantity: (quantity: unknown) => firstMessage(LineQuantitySchema.safeParse(quantity)),
  unitPrice: (price: unknown) => firstMessage(LineUnitPriceSchema.safeParse(price)) ?? unitPricePrecisionRefusal(price),
} as const;

export interface RefusedLine {
  /** The line's place in the order, from 0. */
  index: number;
  field: keyof typeof LINE_CHECKS;
  message: string;
}

function firstMessage(result: { success: boolean; error?: { issues: readonly { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

/**
 * The first line the form would refuse, checked across every line: the form draws only the
 * lines in view (dialogs/LineItemsEditor.tsx), and a field that is not drawn is not validated.
 */
export function firstRefusedLine(lines: readonly (EditableLine | undefined)[]): RefusedLine | null {
  for (const [index, line] of lines.entries())
    for (const field of ['quantity', 'unitPrice'] as const) {
      const message = LINE_CHECKS[field](line?.[field] ?? undefined);
      if (message !== null) return { index, field, message };
    }
  return null;
}

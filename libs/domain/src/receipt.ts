import { addQuantities, subtractQuantity } from './quantity.js';

/**
 * How a delivered quantity stands to the ordered one under a program's tolerance
 * (docs/product.md §11): the trade's custom that a delivery within ±tolerance % of the quantity
 * ordered is a complete delivery, its overs billed and its unders credited at the unit cost.
 * Beyond it the broker decides. svc-inventory records receipts by it and the receipt dialog
 * previews by it, so both say the same.
 */
export interface ReceiptDifference {
  /** Received less ordered: above 0 for overs, below 0 for unders. */
  difference: number;
  /** The difference as a percent of the ordered quantity (0 when nothing was ordered). */
  percent: number;
  withinTolerance: boolean;
}

export function receiptDifference(ordered: number, received: number, tolerancePercent: number): ReceiptDifference {
  const difference = subtractQuantity(received, ordered);
  // Compared as |difference| × 100 ≤ ordered × tolerance, so 10 % of 10,000 is exactly 1,000 and within.
  const withinTolerance = Math.abs(difference) * 100 <= ordered * tolerancePercent + 1e-9;
  const percent = ordered > 0 ? Math.round((difference / ordered) * 10_000) / 100 : 0;
  return { difference, percent, withinTolerance };
}

/** A PO line of one item as a receipt fills it: its ordered quantity and what earlier receipts put on it. */
export interface ReceivingLine {
  id: number;
  ordered: number;
  received: number;
}

/**
 * Spreads what arrived of one item over the PO's lines of that item, in line order: each line
 * takes what it still lacks of its ordered quantity, and the last line takes whatever is over.
 * Answers the units each line receives now.
 */
export function spreadReceived(lines: readonly ReceivingLine[], quantity: number): Map<number, number> {
  const spread = new Map<number, number>();
  let left = quantity;
  for (const [index, line] of lines.entries()) {
    const last = index === lines.length - 1;
    const takes = last ? left : Math.min(left, Math.max(0, subtractQuantity(line.ordered, line.received)));
    spread.set(line.id, addQuantities(spread.get(line.id) ?? 0, takes));
    left = subtractQuantity(left, takes);
  }
  return spread;
}

/**
 * What is left of a PO's stock as a percent of what the pool holds of it, to one decimal; null
 * when it holds nothing. The list sorts by the same figure in SQL (svc-inventory read/programExpiry.ts).
 */
export function remainingPercent(remaining: number, pooled: number): number | null {
  return pooled > 0 ? Math.round((remaining / pooled) * 1000) / 10 : null;
}

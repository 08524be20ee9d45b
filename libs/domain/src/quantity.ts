/**
 * Quantities as QuickBooks holds them: fractional (2.5 boxes, 0.75 hours of design) and exact to
 * seven decimal places, like unit prices (docs/quickbooks.md). Every sum or difference of
 * quantities goes through `addQuantities`/`subtractQuantity`, so float noise (0.1 + 0.2) never
 * makes a pool look one hair short of covering an order, or a drawn line a hair above zero.
 */
export const QUANTITY_DECIMALS = 7;

const SCALE = 10 ** QUANTITY_DECIMALS;

/** The quantity settled at QuickBooks' precision; a missing, unreadable or negative value is 0. */
export function exactQuantity(value: number | string | null | undefined): number {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  if (!Number.isFinite(n) || n <= 0) return 0;
  return settle(n);
}

/** Whether `value` is a quantity QuickBooks can hold: finite and with at most seven decimals. */
export function hasQuantityPrecision(value: number): boolean {
  return Number.isFinite(value) && settle(value) === value;
}

export function addQuantities(...values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum = settle(sum + value);
  return sum;
}

export function subtractQuantity(from: number, amount: number): number {
  return settle(from - amount);
}

export function sumQuantities<T>(rows: Iterable<T>, quantityOf: (row: T) => number): number {
  let sum = 0;
  for (const row of rows) sum = settle(sum + quantityOf(row));
  return sum;
}

/** Beyond 2^53 / 10^7 (900 million units) scaling loses digits; such a number is kept as it is. */
function settle(n: number): number {
  if (Math.abs(n) * SCALE >= Number.MAX_SAFE_INTEGER) return n;
  return Math.round(n * SCALE) / SCALE;
}

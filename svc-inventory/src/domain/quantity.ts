/**
 * Quantities are whole units: print runs are counted in pieces. QuickBooks allows fractions,
 * which are rounded to the nearest unit (never below zero) on import.
 */
export function toUnits(qty: number | null | undefined): number {
  const n = Number(qty ?? 0);
  return Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
}

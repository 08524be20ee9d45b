import { addQuantities, sumQuantities } from './quantity.js';
import { addDays } from './storage.js';

/** How many months a usage window looks back, and how far a chart of it goes. */
export const USAGE_MONTHS = 12;
/** A vendor's lead time when its program defaults name none: a month. */
export const DEFAULT_LEAD_TIME_DAYS = 30;
const DAYS_PER_MONTH = 365.25 / 12;

/**
 * Months of supply a reorder point keeps by default (docs/product.md §12): the vendor's lead time,
 * so a reorder arrives before the stock runs out, and one month to spare; to two decimals, as a
 * point in months is saved. 30 days: 2 months.
 */
export function defaultReorderMonths(leadTimeDays: number): number {
  return Math.round((leadTimeDays / 30 + 1) * 100) / 100;
}

/** Units of an item a customer took on one day: a shipped pull ticket's line. */
export interface Release {
  /** YYYY-MM-DD, the day the ticket shipped (UTC). */
  shippedOn: string;
  quantity: number;
}

export interface StockUsage {
  /** The 12 full calendar months before asOf's, oldest first, each with the units released in it ('YYYY-MM'). */
  months: { month: string; released: number }[];
  /** Units released in asOf's month so far. */
  releasedThisMonth: number;
  /** Units a month, over those full months since the customer's first release of the item; null before a full month of use. */
  averageMonthlyUsage: number | null;
  /** What is at the vendor divided by the average monthly usage, one decimal; null without usage. */
  monthsOfSupply: number | null;
  /** The day the stock at the vendor runs out at that usage; null without usage. */
  runOutOn: string | null;
}

/** The month `offset` months from a 'YYYY-MM' month. */
function shiftMonth(month: string, offset: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1 + offset, 1)).toISOString().slice(0, 7);
}

/** The 12 full calendar months before `asOf`'s, oldest first ('YYYY-MM'): the window usage is counted over. */
export function usageMonths(asOf: string): string[] {
  return Array.from({ length: USAGE_MONTHS }, (_, i) => shiftMonth(asOf.slice(0, 7), i - USAGE_MONTHS));
}

const releasedIn = (releases: readonly Release[], month: string) =>
  sumQuantities(
    releases.filter((release) => release.shippedOn.startsWith(month)),
    (release) => release.quantity,
  );

/**
 * How fast a customer uses an item and how long what is at the vendor lasts (docs/product.md §12):
 * releases per calendar month for the 12 full months before `asOf`'s; their average over the
 * months since the month of the customer's first release of the item (at most 12), so a customer
 * who started three months ago is not averaged over twelve; months of supply and the run-out day
 * at that average. svc-inventory answers by it and the Stock tab charts it.
 */
export function stockUsage(releases: readonly Release[], atVendor: number, asOf: string): StockUsage {
  const current = asOf.slice(0, 7);
  const months = usageMonths(asOf).map((month) => ({ month, released: releasedIn(releases, month) }));
  const firstMonth = releases.reduce<string | null>((earliest, release) => {
    const month = release.shippedOn.slice(0, 7);
    return earliest === null || month < earliest ? month : earliest;
  }, null);
  const used = firstMonth === null ? [] : months.filter((entry) => entry.month >= firstMonth);
  const averageMonthlyUsage = used.length === 0 ? null : Math.round((addQuantities(...used.map((entry) => entry.released)) / used.length) * 100) / 100;
  const usage = { months, releasedThisMonth: releasedIn(releases, current), averageMonthlyUsage };
  if (averageMonthlyUsage === null || averageMonthlyUsage === 0) return { ...usage, monthsOfSupply: null, runOutOn: null };
  const supply = atVendor / averageMonthlyUsage;
  return { ...usage, monthsOfSupply: Math.round(supply * 10) / 10, runOutOn: addDays(asOf, Math.floor(supply * DAYS_PER_MONTH)) };
}

/** Whether what is at the vendor is at or below a reorder point given in units, or in months of supply at the average usage. */
export function atOrBelowReorderPoint(atVendor: number, point: { units: number } | { months: number }, averageMonthlyUsage: number | null): boolean {
  if ('units' in point) return atVendor <= point.units;
  return averageMonthlyUsage !== null && averageMonthlyUsage > 0 && atVendor <= point.months * averageMonthlyUsage;
}

/**
 * Numbers print as the screens show them, from the one set of formatters: money amounts to the
 * cent, unit prices with every digit QuickBooks holds ($0.0941), counts in en-US grouping.
 */
export { formatCount as formatQuantity, formatMoney, formatUnitPrice, formatUsd, isForeignCurrency, totalsRows } from '@printpool/domain';

const date = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * A calendar date in en-US ("Mar 5, 2025"). A date-only value ("2025-03-05") is a day, not an
 * instant, so it is read and printed in UTC to stay the same day in every time zone.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  const parsed = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(parsed.getTime()) ? value : date.format(parsed);
}

/** A file name for a document number, keeping only characters every file system accepts. */
export function documentFileName(number: string, fallback: string): string {
  const safe = number.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '');
  return `${safe || fallback}.pdf`;
}

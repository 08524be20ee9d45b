const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US');

/** '$1,234.50' — money is always shown in USD with two decimals. */
export function formatUsd(amount: number | string | null | undefined): string {
  return usd.format(toNumber(amount));
}

/** '12,500' — quantities and counts in en-US grouping. */
export function formatCount(value: number | string | null | undefined): string {
  return count.format(toNumber(value));
}

/** Two-decimal string as sent to the API and to QuickBooks ('12.5' → '12.50'). */
export function toMoneyString(amount: number): string {
  return (Math.round(amount * 100) / 100).toFixed(2);
}

function toNumber(value: number | string | null | undefined): number {
  const n = typeof value === 'string' ? Number.parseFloat(value) : (value ?? 0);
  return Number.isFinite(n) ? n : 0;
}

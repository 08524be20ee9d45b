const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
// Quantities are as exact as QuickBooks keeps them (quantity.ts); counts are whole anyway.
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 7 });

/** Decimal places QuickBooks Online keeps in a unit price (and a quantity); amounts keep two. */
export const UNIT_PRICE_DECIMALS = 7;

/**
 * Print is priced per piece (0.0941), so a unit price shows every digit QuickBooks holds and at
 * least two. Rounding at QuickBooks' precision also drops float noise (0.1 + 0.2 → '$0.30').
 */
const unitPriceUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: UNIT_PRICE_DECIMALS,
});

/** '$1,234.50' — money amounts (line totals, order totals) in USD with two decimals. */
export function formatUsd(amount: number | string | null | undefined): string {
  return usd.format(toNumber(amount));
}

const byCurrency = new Map<string, Intl.NumberFormat>([['USD', usd]]);

/**
 * A money amount in the document's currency (an ISO 4217 code: 'CAD' → 'CA$1,234.50', 'EUR' →
 * '€1,234.50'), in en-US; USD when the currency is missing or not a code Intl knows.
 */
export function formatMoney(amount: number | string | null | undefined, currency?: string | null): string {
  return moneyFormat(currency).format(toNumber(amount));
}

/** True when a document's currency is named and is not the product's USD. */
export function isForeignCurrency(currency: string | null | undefined): currency is string {
  return typeof currency === 'string' && currency.trim() !== '' && currency.trim().toUpperCase() !== 'USD';
}

function moneyFormat(currency: string | null | undefined): Intl.NumberFormat {
  const code = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
  if (code === '') return usd;
  let format = byCurrency.get(code);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    } catch {
      format = usd;
    }
    byCurrency.set(code, format);
  }
  return format;
}

/** '$0.0941', '$1.1595', '$12.00' — a unit price exactly as QuickBooks holds it, never rounded to cents. */
export function formatUnitPrice(price: number | string | null | undefined): string {
  return unitPriceUsd.format(toNumber(price));
}

/** '12,500', '2.5' — quantities (every decimal QuickBooks holds) and counts in en-US grouping. */
export function formatCount(value: number | string | null | undefined): string {
  return count.format(toNumber(value));
}

/**
 * Two-decimal string as sent to the API and to QuickBooks ('12.5' → '12.50'), rounded half away
 * from zero as QuickBooks rounds. A product such as 10 × 0.2345 arrives as 2.3449999999999998, a
 * hair below the half cent it really is, so the float is first settled at nine decimals (more than
 * any quantity × unit price QuickBooks holds) and then rounded in integers.
 */
export function toMoneyString(amount: number): string {
  if (!Number.isFinite(amount)) return '0.00';
  // toFixed stays in plain digits below 1e21; far beyond any amount, so plain rounding will do there.
  if (Math.abs(amount) >= 1e15) return amount.toFixed(2);
  const nanos = BigInt(amount.toFixed(9).replace('.', ''));
  const negative = nanos < 0n;
  const cents = ((negative ? -nanos : nanos) + 5_000_000n) / 10_000_000n;
  const digits = cents.toString().padStart(3, '0');
  return `${negative && cents > 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

function toNumber(value: number | string | null | undefined): number {
  const n = typeof value === 'string' ? Number.parseFloat(value) : (value ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/**
 * The figures totalsRows reads from a purchase or sales order: QuickBooks' total, and its subtotal,
 * discount, tax and currency when known (libs/contracts DocumentMoney), as numbers or as the API's strings.
 */
export interface DocumentFigures {
  totalAmount: number | string;
  subtotal?: number | string | null;
  discount?: number | string | null;
  tax?: number | string | null;
  currency?: string | null;
}

export interface TotalsRow {
  label: 'Subtotal' | 'Discount' | 'Tax' | 'Total';
  amount: number;
  /** Formatted in the document's currency; a discount shows as taken off ('-$10.00'). */
  text: string;
}

/**
 * Subtotal, discount and tax when QuickBooks gave them, then the total (total = subtotal −
 * discount + tax, QuickBooks' figures, never recomputed). A zero discount or tax is left out.
 */
export function totalsRows(doc: DocumentFigures): TotalsRow[] {
  const rows: TotalsRow[] = [];
  const known = (value: number | string | null | undefined) => value !== null && value !== undefined && value !== '';
  if (known(doc.subtotal)) rows.push({ label: 'Subtotal', amount: toNumber(doc.subtotal), text: formatMoney(doc.subtotal, doc.currency) });
  if (known(doc.discount) && toNumber(doc.discount) !== 0) {
    rows.push({ label: 'Discount', amount: toNumber(doc.discount), text: `-${formatMoney(Math.abs(toNumber(doc.discount)), doc.currency)}` });
  }
  if (known(doc.tax) && toNumber(doc.tax) !== 0) rows.push({ label: 'Tax', amount: toNumber(doc.tax), text: formatMoney(doc.tax, doc.currency) });
  rows.push({ label: 'Total', amount: toNumber(doc.totalAmount), text: formatMoney(doc.totalAmount, doc.currency) });
  return rows;
}

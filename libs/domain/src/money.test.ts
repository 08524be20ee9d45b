import { describe, expect, it } from '@jest/globals';
import { formatMoney, formatUnitPrice, formatUsd, isForeignCurrency, toMoneyString, totalsRows } from './index.js';

describe('formatUnitPrice', () => {
  it('shows every digit of a per-piece price QuickBooks holds', () => {
    expect(formatUnitPrice(0.0941)).toBe('$0.0941');
    expect(formatUnitPrice(0.0177)).toBe('$0.0177');
    expect(formatUnitPrice(1.1595)).toBe('$1.1595');
    expect(formatUnitPrice('0.0941')).toBe('$0.0941');
    expect(formatUnitPrice(0.1234567)).toBe('$0.1234567');
  });

  it('shows at least two decimals and groups thousands', () => {
    expect(formatUnitPrice(12)).toBe('$12.00');
    expect(formatUnitPrice('12.5')).toBe('$12.50');
    expect(formatUnitPrice(1250)).toBe('$1,250.00');
    expect(formatUnitPrice('1.10')).toBe('$1.10');
  });

  it('drops float noise beyond QuickBooks precision', () => {
    expect(formatUnitPrice(0.1 + 0.2)).toBe('$0.30');
    expect(formatUnitPrice(0.0941 * 3)).toBe('$0.2823');
  });

  it('shows a missing or unreadable price as zero', () => {
    expect(formatUnitPrice(null)).toBe('$0.00');
    expect(formatUnitPrice(undefined)).toBe('$0.00');
    expect(formatUnitPrice('n/a')).toBe('$0.00');
  });

  it('leaves money amounts at cents', () => {
    expect(formatUsd(2100 * 1.1595)).toBe('$2,434.95');
    expect(formatUsd(0.0941)).toBe('$0.09');
  });
});

describe('toMoneyString', () => {
  it('rounds quantity × exact unit price to the cent as QuickBooks does', () => {
    expect(toMoneyString(2100 * 1.1595)).toBe('2434.95');
    expect(toMoneyString(3 * 0.0941)).toBe('0.28');
    expect(toMoneyString(7 * 0.0177)).toBe('0.12');
  });

  it('rounds a half cent away from zero even when the float lands just below it', () => {
    expect(10 * 0.2345).toBe(2.3449999999999998);
    expect(toMoneyString(10 * 0.2345)).toBe('2.35');
    expect(toMoneyString(130 * 0.0355)).toBe('4.62');
    expect(toMoneyString(1.005)).toBe('1.01');
    expect(toMoneyString(-1.005)).toBe('-1.01');
    expect(toMoneyString(0.125)).toBe('0.13');
  });

  it('keeps small and large amounts readable', () => {
    expect(toMoneyString(0)).toBe('0.00');
    expect(toMoneyString(-0.001)).toBe('0.00');
    expect(toMoneyString(0.05)).toBe('0.05');
    expect(toMoneyString(1234567.891)).toBe('1234567.89');
    expect(toMoneyString(Number.NaN)).toBe('0.00');
  });
});

describe('formatMoney', () => {
  it('formats in USD without a currency, as formatUsd does', () => {
    expect(formatMoney('1250.5')).toBe('$1,250.50');
    expect(formatMoney(1250.5, null)).toBe(formatUsd(1250.5));
    expect(formatMoney(12, 'USD')).toBe('$12.00');
  });

  it("formats in the document's currency, in en-US", () => {
    expect(formatMoney('1234.5', 'CAD')).toBe('CA$1,234.50');
    expect(formatMoney(1234.5, 'eur')).toBe('€1,234.50');
    expect(formatMoney(12, 'GBP')).toBe('£12.00');
  });

  it('falls back to USD for a code that is not a currency', () => {
    expect(formatMoney(5, 'not a code')).toBe('$5.00');
  });

  it('tells a foreign currency from USD or none', () => {
    expect(isForeignCurrency('CAD')).toBe(true);
    expect(isForeignCurrency('USD')).toBe(false);
    expect(isForeignCurrency('usd')).toBe(false);
    expect(isForeignCurrency(null)).toBe(false);
    expect(isForeignCurrency('')).toBe(false);
  });
});

describe('totalsRows', () => {
  it("lists QuickBooks' subtotal, discount and tax before the total, in the document's currency", () => {
    const rows = totalsRows({ subtotal: '1000.00', discount: '100.00', tax: '72.00', totalAmount: '972.00', currency: 'CAD' });
    expect(rows.map((row) => `${row.label} ${row.text}`)).toEqual(['Subtotal CA$1,000.00', 'Discount -CA$100.00', 'Tax CA$72.00', 'Total CA$972.00']);
  });

  it('shows only the total when QuickBooks gave no figures, and leaves out a zero discount or tax', () => {
    expect(totalsRows({ totalAmount: '80.00', subtotal: null, discount: null, tax: null, currency: null }).map((row) => row.text)).toEqual(['$80.00']);
    expect(totalsRows({ totalAmount: '80.00', subtotal: '80.00', discount: '0.00', tax: '0.00' }).map((row) => row.label)).toEqual(['Subtotal', 'Total']);
  });
});

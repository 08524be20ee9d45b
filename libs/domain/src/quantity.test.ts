import { describe, expect, it } from '@jest/globals';
import { addQuantities, exactQuantity, formatCount, hasQuantityPrecision, subtractQuantity, sumQuantities } from './index.js';

describe('quantities at QuickBooks precision', () => {
  it('keeps fractional quantities exactly and reads database numerics', () => {
    expect(exactQuantity(2.5)).toBe(2.5);
    expect(exactQuantity('1000.1234567')).toBe(1000.1234567);
    expect(exactQuantity(0.0000001)).toBe(0.0000001);
    expect([exactQuantity(-3), exactQuantity(Number.NaN), exactQuantity(null), exactQuantity('n/a')]).toEqual([0, 0, 0, 0]);
  });

  it('adds and subtracts without float noise, so a pool covers exactly what it holds', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addQuantities(0.1, 0.2)).toBe(0.3);
    expect(subtractQuantity(0.3, 0.1)).toBe(0.2);
    expect(subtractQuantity(subtractQuantity(0.3, 0.1), 0.2)).toBe(0);
    expect(sumQuantities([{ q: 0.7 }, { q: 0.1 }, { q: 0.2 }], (row) => row.q)).toBe(1);
    expect(addQuantities(2_000_000, 0.25)).toBe(2_000_000.25);
  });

  it('tells a quantity QuickBooks can hold from one with more than seven decimals', () => {
    expect(hasQuantityPrecision(2.1234567)).toBe(true);
    expect(hasQuantityPrecision(2.12345678)).toBe(false);
    expect(hasQuantityPrecision(Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('shows every digit of a fractional quantity, grouped', () => {
    expect(formatCount(2100)).toBe('2,100');
    expect(formatCount(2.5)).toBe('2.5');
    expect(formatCount(1234.3333333)).toBe('1,234.3333333');
    expect(formatCount('0.75')).toBe('0.75');
  });
});

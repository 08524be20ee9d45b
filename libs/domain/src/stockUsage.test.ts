import { describe, expect, it } from '@jest/globals';
import { atOrBelowReorderPoint, defaultReorderMonths, stockUsage, type Release } from './stockUsage.js';

// docs/product.md §12: usage per month, its average, months of supply and the run-out day.

/** One release on the 15th of each month from `first` to `last` ('YYYY-MM'), of `quantity` units. */
function monthly(first: string, last: string, quantity: number): Release[] {
  const releases: Release[] = [];
  for (let day = new Date(`${first}-15T00:00:00Z`); day.toISOString().slice(0, 7) <= last; day.setUTCMonth(day.getUTCMonth() + 1)) {
    releases.push({ shippedOn: day.toISOString().slice(0, 10), quantity });
  }
  return releases;
}

describe('stockUsage', () => {
  it('counts each of the 12 full months before today’s, averages them, and says how long the stock lasts', () => {
    const usage = stockUsage([...monthly('2025-11', '2026-10', 2_500), { shippedOn: '2026-11-03', quantity: 900 }], 10_000, '2026-11-27');
    expect(usage.months.map((month) => month.month)).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
    ]);
    expect(usage.months.every((month) => month.released === 2_500)).toBe(true);
    expect(usage.releasedThisMonth).toBe(900);
    expect(usage.averageMonthlyUsage).toBe(2_500);
    expect(usage.monthsOfSupply).toBe(4);
    // Four months of 30.4375 days: 121 days after Nov 27.
    expect(usage.runOutOn).toBe('2027-03-28');
  });

  it('averages a customer who started three months ago over those three months, not twelve', () => {
    const usage = stockUsage([...monthly('2026-08', '2026-10', 1_000), { shippedOn: '2026-09-20', quantity: 500 }], 3_500, '2026-11-27');
    expect(usage.months.filter((month) => month.released > 0).map((month) => [month.month, month.released])).toEqual([
      ['2026-08', 1_000],
      ['2026-09', 1_500],
      ['2026-10', 1_000],
    ]);
    expect(usage.averageMonthlyUsage).toBe(1_166.67);
    expect(usage.monthsOfSupply).toBe(3);
  });

  it('leaves releases older than the window out of the average, but counts the months since', () => {
    const usage = stockUsage([{ shippedOn: '2024-03-01', quantity: 50_000 }, ...monthly('2026-05', '2026-10', 600)], 1_200, '2026-11-27');
    expect(usage.averageMonthlyUsage).toBe(300);
    expect(usage.monthsOfSupply).toBe(4);
  });

  it('knows no usage before a full month of it, and then no supply or run-out', () => {
    expect(stockUsage([], 5_000, '2026-11-27')).toMatchObject({ averageMonthlyUsage: null, monthsOfSupply: null, runOutOn: null, releasedThisMonth: 0 });
    expect(stockUsage([{ shippedOn: '2026-11-02', quantity: 300 }], 5_000, '2026-11-27')).toMatchObject({
      averageMonthlyUsage: null,
      monthsOfSupply: null,
      releasedThisMonth: 300,
    });
  });

  it('runs out today when nothing is left at the vendor', () => {
    expect(stockUsage(monthly('2026-01', '2026-10', 100), 0, '2026-11-27')).toMatchObject({ monthsOfSupply: 0, runOutOn: '2026-11-27' });
  });
});

describe('atOrBelowReorderPoint', () => {
  it('compares units directly, and months of supply at the average usage', () => {
    expect(atOrBelowReorderPoint(2_500, { units: 2_500 }, null)).toBe(true);
    expect(atOrBelowReorderPoint(2_501, { units: 2_500 }, null)).toBe(false);
    expect(atOrBelowReorderPoint(4_000, { months: 2 }, 2_000)).toBe(true);
    expect(atOrBelowReorderPoint(4_001, { months: 2 }, 2_000)).toBe(false);
    // Without usage, a point in months is never reached: nothing says when the stock runs out.
    expect(atOrBelowReorderPoint(0, { months: 2 }, null)).toBe(false);
  });
});

describe('defaultReorderMonths', () => {
  it("keeps the vendor's lead time and a month to spare, to two decimals", () => {
    expect(defaultReorderMonths(30)).toBe(2);
    expect(defaultReorderMonths(45)).toBe(2.5);
    expect(defaultReorderMonths(0)).toBe(1);
    expect(defaultReorderMonths(10)).toBe(1.33);
  });
});

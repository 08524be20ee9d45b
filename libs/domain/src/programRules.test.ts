import { describe, expect, it } from '@jest/globals';
import { programRuleBreaches, releasesUnits } from './programRules.js';

// A program of 10,000 flyers, releases of 2,500 at least, until the end of 2026.
const terms = { poNumber: 'PO-1001-BL', minReleaseQuantity: 2500, expiresOn: '2026-12-31' };
const flyers = (quantity: number, onProgram = 10_000) => ({ itemId: 'flyer', itemName: 'Flyer A5', quantity, onProgram });
const rules = (...args: Parameters<typeof programRuleBreaches>) => programRuleBreaches(...args).map((breach) => breach.rule);

describe('programRuleBreaches', () => {
  it('lets a release of at least the minimum through before the program ends, its last day included', () => {
    expect(programRuleBreaches(terms, [flyers(2500)], '2026-12-31')).toEqual([]);
    expect(programRuleBreaches({ ...terms, minReleaseQuantity: null }, [flyers(1)], '2026-06-01')).toEqual([]);
  });

  it('names a release below the minimum, with its numbers', () => {
    expect(programRuleBreaches(terms, [flyers(300)], '2026-06-01')).toEqual([
      {
        rule: 'minimumRelease',
        message: 'Releasing 300 of Flyer A5 is below the minimum release of 2,500 units on PO-1001-BL.',
        itemId: 'flyer',
        quantity: 300,
        minReleaseQuantity: 2500,
        remainder: 9700,
        releaseAllQuantity: null,
        expiresOn: '2026-12-31',
      },
    ]);
  });

  it('names a release after the last day, whatever its size', () => {
    expect(programRuleBreaches(terms, [flyers(5000)], '2027-01-01')).toEqual([
      expect.objectContaining({ rule: 'expired', message: 'The program of PO-1001-BL expired on Dec 31, 2026: this release is after its last day.' }),
    ]);
    expect(rules({ ...terms, minReleaseQuantity: null }, [flyers(1)], '2027-01-01')).toEqual(['expired']);
  });

  it('names a release leaving less than a minimum release behind, and offers the release of all of it', () => {
    const [breach] = programRuleBreaches(terms, [flyers(2000, 2500)], '2026-06-01');
    expect(rules(terms, [flyers(2000, 2500)], '2026-06-01')).toEqual(['minimumRelease', 'remainderBelowMinimum']);
    expect(programRuleBreaches(terms, [flyers(8000)], '2026-06-01')).toEqual([
      expect.objectContaining({
        rule: 'remainderBelowMinimum',
        remainder: 2000,
        releaseAllQuantity: 10_000,
        message: 'Releasing 8,000 of Flyer A5 leaves 2,000 on PO-1001-BL, below its minimum release of 2,500 units: release all 10,000 instead.',
      }),
    ]);
    expect(breach?.rule).toBe('minimumRelease');
  });

  it('lets the last release take what is left, however little, and counts fractional units exactly', () => {
    expect(programRuleBreaches(terms, [flyers(700, 700)], '2026-06-01')).toEqual([]);
    // 0.3 - 0.1 is 0.19999999999999998 in floating point: exactly 0.2, it is a whole minimum release.
    expect(rules({ ...terms, minReleaseQuantity: 0.2 }, [flyers(0.1, 0.3)], '2026-06-01')).toEqual(['minimumRelease']);
  });

  it('checks each item of the release on its own', () => {
    const cards = { itemId: 'card', itemName: null, quantity: 100, onProgram: 5000 };
    expect(programRuleBreaches(terms, [flyers(2500), cards], '2026-06-01')).toEqual([
      expect.objectContaining({
        rule: 'minimumRelease',
        itemId: 'card',
        message: 'Releasing 100 of card is below the minimum release of 2,500 units on PO-1001-BL.',
      }),
    ]);
  });
});

it('holds a new ticket, and one taken back from cancelled, to the rules; no other edit', () => {
  expect(releasesUnits(null, 'pending')).toBe(true);
  expect(releasesUnits('cancelled', 'sent')).toBe(true);
  expect(releasesUnits('cancelled', 'cancelled')).toBe(false);
  expect(releasesUnits('pending', 'sent')).toBe(false);
  expect(releasesUnits('sent', 'cancelled')).toBe(false);
});

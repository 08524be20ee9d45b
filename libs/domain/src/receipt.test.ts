import { receiptDifference, remainingPercent, spreadReceived } from './receipt.js';

describe('a delivery against the ordered quantity', () => {
  it('is complete within the tolerance, over or under, the bound included', () => {
    expect(receiptDifference(10_000, 10_450, 10)).toEqual({ difference: 450, percent: 4.5, withinTolerance: true });
    expect(receiptDifference(10_000, 9_000, 10)).toEqual({ difference: -1000, percent: -10, withinTolerance: true });
    expect(receiptDifference(10_000, 11_001, 10)).toEqual({ difference: 1001, percent: 10.01, withinTolerance: false });
  });

  it('must be exact under a tolerance of 0, to QuickBooks precision', () => {
    expect(receiptDifference(2.5, 2.5, 0).withinTolerance).toBe(true);
    expect(receiptDifference(0.3, 0.1 + 0.2, 0)).toEqual({ difference: 0, percent: 0, withinTolerance: true });
    expect(receiptDifference(100, 99.9999999, 0).withinTolerance).toBe(false);
  });
});

describe('spreading what arrived over the lines of one item', () => {
  const lines = [
    { id: 1, ordered: 5_000, received: 0 },
    { id: 2, ordered: 5_000, received: 0 },
  ];

  it('fills the lines in order and puts the overs on the last', () => {
    expect(spreadReceived(lines, 10_450)).toEqual(
      new Map([
        [1, 5_000],
        [2, 5_450],
      ]),
    );
  });

  it('leaves the later lines short of an under', () => {
    expect(spreadReceived(lines, 7_000)).toEqual(
      new Map([
        [1, 5_000],
        [2, 2_000],
      ]),
    );
  });

  it('tops up what an earlier receipt left short', () => {
    expect(
      spreadReceived(
        [
          { id: 1, ordered: 5_000, received: 4_000 },
          { id: 2, ordered: 5_000, received: 0 },
        ],
        6_000,
      ),
    ).toEqual(
      new Map([
        [1, 1_000],
        [2, 5_000],
      ]),
    );
  });
});

describe("what is left of a PO's stock", () => {
  it('is a percent of what the pool holds, to one decimal, and nothing of an empty PO', () => {
    expect(remainingPercent(2_950, 10_450)).toBe(28.2);
    expect(remainingPercent(750, 1_000)).toBe(75);
    expect(remainingPercent(0, 0)).toBeNull();
  });
});

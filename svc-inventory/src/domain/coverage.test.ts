import { covers, planAllocations, planDraws, requirementOf } from './coverage.js';

const supply = [
  { id: 1, itemQbId: 'flyer', qtyRemaining: 100 },
  { id: 2, itemQbId: 'flyer', qtyRemaining: 50 },
  { id: 3, itemQbId: 'card', qtyRemaining: 10 },
];

describe('coverage', () => {
  it('sums the need per item and ignores lines without an item', () => {
    expect(
      requirementOf([
        { itemQbId: 'flyer', quantity: 5 },
        { itemQbId: null, quantity: 9 },
        { itemQbId: 'flyer', quantity: 2 },
      ]),
    ).toEqual(new Map([['flyer', 7]]));
  });

  it("covers only when every item has enough across the order's lines", () => {
    expect(
      covers(
        supply,
        new Map([
          ['flyer', 150],
          ['card', 10],
        ]),
      ),
    ).toBe(true);
    expect(covers(supply, new Map([['flyer', 151]]))).toBe(false);
    expect(covers(supply, new Map([['poster', 1]]))).toBe(false);
  });

  it('draws each item from the lines in order, spilling into the next line', () => {
    expect(
      planDraws(
        [
          { itemQbId: 'flyer', quantity: 120 },
          { itemQbId: 'card', quantity: 4 },
        ],
        supply,
      ),
    ).toEqual([
      { demandIndex: 0, supplyLineId: 1, itemQbId: 'flyer', qty: 100 },
      { demandIndex: 0, supplyLineId: 2, itemQbId: 'flyer', qty: 20 },
      { demandIndex: 1, supplyLineId: 3, itemQbId: 'card', qty: 4 },
    ]);
    expect(
      planDraws(
        [
          { itemQbId: 'card', quantity: 8 },
          { itemQbId: 'card', quantity: 3 },
        ],
        supply,
      ),
    ).toBeNull();
  });

  describe('several orders from one pool', () => {
    const older = {
      id: 10,
      lines: [
        { id: 1, itemQbId: 'flyer', qtyRemaining: 10 },
        { id: 2, itemQbId: 'card', qtyRemaining: 4 },
      ],
    };
    const newer = {
      id: 20,
      lines: [
        { id: 3, itemQbId: 'flyer', qtyRemaining: 100 },
        { id: 4, itemQbId: 'card', qtyRemaining: 100 },
      ],
    };

    it('draws each order from the oldest purchase order still covering it after the orders before it', () => {
      const plans = planAllocations(
        [
          [
            { itemQbId: 'flyer', quantity: 6 },
            { itemQbId: 'card', quantity: 2 },
          ],
          [{ itemQbId: 'flyer', quantity: 6 }],
          [
            { itemQbId: 'flyer', quantity: 4 },
            { itemQbId: 'card', quantity: 2 },
          ],
        ],
        [older, newer],
      );
      expect(plans.map((plan) => plan?.purchaseOrderId)).toEqual([10, 20, 10]);
      expect(plans[2]!.draws).toEqual([
        { demandIndex: 0, supplyLineId: 1, itemQbId: 'flyer', qty: 4 },
        { demandIndex: 1, supplyLineId: 2, itemQbId: 'card', qty: 2 },
      ]);
    });

    it('leaves undrawn an order no purchase order covers any more, and one that needs nothing', () => {
      const plans = planAllocations(
        [
          [{ itemQbId: 'flyer', quantity: 110 }],
          [{ itemQbId: 'flyer', quantity: 1 }],
          [{ itemQbId: null, quantity: 3 }],
          [{ itemQbId: 'poster', quantity: 1 }],
        ],
        [older, newer],
      );
      expect(plans.map((plan) => plan?.purchaseOrderId ?? null)).toEqual([null, 10, null, null]);
    });

    it('never plans more than a line holds', () => {
      const plans = planAllocations(
        Array.from({ length: 30 }, () => [{ itemQbId: 'card', quantity: 4 }]),
        [older, newer],
      );
      const drawn = new Map<number, number>();
      for (const draw of plans.flatMap((plan) => plan?.draws ?? [])) drawn.set(draw.supplyLineId, (drawn.get(draw.supplyLineId) ?? 0) + draw.qty);
      expect(Object.fromEntries(drawn)).toEqual({ 2: 4, 4: 100 });
      expect(plans.filter((plan) => plan === null)).toHaveLength(4);
    });
  });
});

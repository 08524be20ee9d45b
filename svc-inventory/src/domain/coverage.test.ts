import { covers, planDraws, requirementOf } from './coverage.js';

const supply = [
  { id: 1, itemQbId: 'flyer', qtyRemaining: 100 },
  { id: 2, itemQbId: 'flyer', qtyRemaining: 50 },
  { id: 3, itemQbId: 'card', qtyRemaining: 10 },
];

describe('coverage', () => {
  it('sums the need per item and ignores lines without an item', () => {
    expect(requirementOf([{ itemQbId: 'flyer', quantity: 5 }, { itemQbId: null, quantity: 9 }, { itemQbId: 'flyer', quantity: 2 }])).toEqual(new Map([['flyer', 7]]));
  });

  it('covers only when every item has enough across the order\'s lines', () => {
    expect(covers(supply, new Map([['flyer', 150], ['card', 10]]))).toBe(true);
    expect(covers(supply, new Map([['flyer', 151]]))).toBe(false);
    expect(covers(supply, new Map([['poster', 1]]))).toBe(false);
  });

  it('draws each item from the lines in order, spilling into the next line', () => {
    expect(planDraws([{ itemQbId: 'flyer', quantity: 120 }, { itemQbId: 'card', quantity: 4 }], supply)).toEqual([
      { demandIndex: 0, supplyLineId: 1, itemQbId: 'flyer', qty: 100 },
      { demandIndex: 0, supplyLineId: 2, itemQbId: 'flyer', qty: 20 },
      { demandIndex: 1, supplyLineId: 3, itemQbId: 'card', qty: 4 },
    ]);
    expect(planDraws([{ itemQbId: 'card', quantity: 8 }, { itemQbId: 'card', quantity: 3 }], supply)).toBeNull();
  });
});

import { estimateLineChanges, type OrderLine, type QuickbooksBase } from './estimateEdit.js';
import { exactQuantity } from '@printpool/domain';

const base = (quantity: number): QuickbooksBase => ({
  customerEmail: null,
  lines: [{ lineId: '1', itemId: 'I-1', quantity, unitPrice: 0.0941, description: 'Flyers' }],
});
/** The order's line as the import stores the estimate's line, then as the broker leaves or sets it. */
const stored = (quantity: number, edits: Partial<OrderLine> = {}): OrderLine[] => [
  { qbLineId: '1', itemId: 'I-1', quantity: exactQuantity(quantity), unitPrice: 0.0941, description: 'Flyers', ...edits },
];

describe('what write-back sends for a line', () => {
  it('nothing for a line saved unchanged, whatever quantity QuickBooks holds', () => {
    for (const quantity of [2100, 2.5, 0.1234567, 0, -2]) expect(estimateLineChanges(base(quantity), stored(quantity))).toEqual([]);
  });

  it('the quantity the broker set, exactly, and nothing else of the line', () => {
    expect(estimateLineChanges(base(2.5), stored(2.5, { quantity: 2.75 }))).toEqual([
      { kind: 'changed', lineId: '1', from: { quantity: 2.5 }, to: { quantity: 2.75 } },
    ]);
    expect(estimateLineChanges(base(-2), stored(-2, { quantity: 5 }))).toEqual([{ kind: 'changed', lineId: '1', from: { quantity: -2 }, to: { quantity: 5 } }]);
  });
});

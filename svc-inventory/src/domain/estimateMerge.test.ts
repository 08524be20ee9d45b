import { mergeEstimate } from './estimateMerge.js';
import type { QuickbooksBase } from './estimateEdit.js';

const base: QuickbooksBase = {
  customerEmail: 'buyer@acme.test',
  lines: [
    { lineId: '2', itemId: 'flyer', quantity: 4, unitPrice: 0.1544, description: 'Flyer 8.5x11' },
    { lineId: '8', itemId: 'card', quantity: 100, unitPrice: 0.5, description: null },
  ],
};
const line = (lineId: string, changes: object = {}) => ({ ...base.lines.find((l) => l.lineId === lineId)!, ...changes });
const mine = (lines: ReturnType<typeof line>[], customerEmail = base.customerEmail) => ({
  customerEmail,
  lines: lines.map(({ lineId, ...values }) => ({ ...values, qbLineId: lineId })),
});

describe('merging a pending edit with a newer estimate', () => {
  it('keeps both sides when they changed different lines', () => {
    const theirs = { ...base, lines: [line('2', { quantity: 6 }), line('8')] };
    const merged = mergeEstimate(base, theirs, mine([line('2'), line('8', { quantity: 120 })]));
    expect(merged.conflicts).toEqual([]);
    expect(merged.lines).toEqual([
      { source: 'quickbooks', lineId: '2' },
      expect.objectContaining({ source: 'both', values: expect.objectContaining({ quantity: 120 }) }),
    ]);
  });

  it('keeps both sides when they changed different fields of one line', () => {
    const theirs = { ...base, lines: [line('2', { unitPrice: 0.16 }), line('8')] };
    const merged = mergeEstimate(base, theirs, mine([line('2', { quantity: 5 }), line('8')]));
    expect(merged.conflicts).toEqual([]);
    expect(merged.lines[0]).toMatchObject({ source: 'both', values: { quantity: 5, unitPrice: 0.16 } });
  });

  it('is a conflict when both set one field to different values, keeping the broker value and naming QuickBooks', () => {
    const theirs = { ...base, lines: [line('2', { quantity: 6 }), line('8')] };
    const merged = mergeEstimate(base, theirs, mine([line('2', { quantity: 5 }), line('8')]));
    expect(merged.conflicts).toEqual([{ field: 'Line 2 quantity', printPool: 5, quickBooks: 6 }]);
    expect(merged.lines[0]).toMatchObject({ source: 'both', values: { quantity: 5 } });
  });

  it('agrees when both made the same change', () => {
    const theirs = { ...base, lines: [line('2', { quantity: 6 }), line('8')] };
    expect(mergeEstimate(base, theirs, mine([line('2', { quantity: 6 }), line('8')])).conflicts).toEqual([]);
  });

  it('keeps a line removed on one side and changed on the other, as a conflict; drops one removed and untouched', () => {
    const theirs = { ...base, lines: [line('8', { quantity: 90 })] };
    const merged = mergeEstimate(base, theirs, mine([line('2', { quantity: 5 })]));
    expect(merged.conflicts).toEqual([
      { field: 'Line 8', printPool: 'removed', quickBooks: expect.objectContaining({ quantity: 90 }) },
      { field: 'Line 2', printPool: expect.objectContaining({ quantity: 5 }), quickBooks: 'removed' },
    ]);
    expect(merged.lines.map((l) => l.source)).toEqual(['quickbooks', 'printpool']);
    const untouched = mergeEstimate(base, { ...base, lines: [line('8')] }, mine([line('2'), line('8')]));
    expect(untouched).toEqual({ customerEmail: base.customerEmail, lines: [{ source: 'quickbooks', lineId: '8' }], conflicts: [] });
  });

  it("adds QuickBooks' new lines and keeps the broker's, and merges the bill-to e-mail the same way", () => {
    const theirs = { customerEmail: 'ap@acme.test', lines: [...base.lines, { lineId: '9', itemId: 'poster', quantity: 3, unitPrice: 2, description: null }] };
    const added = { itemId: 'sticker', quantity: 50, unitPrice: 0.2, description: null, qbLineId: null };
    const merged = mergeEstimate(base, theirs, { customerEmail: base.customerEmail, lines: [...mine([line('2'), line('8')]).lines, added] });
    expect(merged).toEqual({
      customerEmail: 'ap@acme.test',
      lines: [
        { source: 'quickbooks', lineId: '2' },
        { source: 'quickbooks', lineId: '8' },
        { source: 'quickbooks', lineId: '9' },
        { source: 'printpool', line: added },
      ],
      conflicts: [],
    });
    expect(mergeEstimate(base, theirs, mine([line('2'), line('8')], 'orders@acme.test')).conflicts).toEqual([
      { field: 'Bill-to e-mail', printPool: 'orders@acme.test', quickBooks: 'ap@acme.test' },
    ]);
  });
});

import { oldestFirst } from './oldestFirst.js';

const doc = (id: number, txnDate: string | null, qbId: string | null) => ({ id, txnDate, qbId });

describe('oldest first', () => {
  it('ranks by QuickBooks date, undated last', () => {
    const ranked = [doc(1, null, '1'), doc(2, '2025-02-01', '2'), doc(3, '2025-01-15', '3')].sort(oldestFirst);
    expect(ranked.map((d) => d.id)).toEqual([3, 2, 1]);
  });

  it('on one date, by QuickBooks id as a number, not by which arrived first', () => {
    const ranked = [doc(1, '2025-01-10', '10'), doc(2, '2025-01-10', '9'), doc(3, '2025-01-10', '100')].sort(oldestFirst);
    expect(ranked.map((d) => d.qbId)).toEqual(['9', '10', '100']);
  });

  it('by our id only between documents QuickBooks does not tell apart', () => {
    const ranked = [doc(7, '2025-01-10', null), doc(4, '2025-01-10', null), doc(9, '2025-01-10', '5')].sort(oldestFirst);
    expect(ranked.map((d) => d.id)).toEqual([9, 4, 7]);
  });
});

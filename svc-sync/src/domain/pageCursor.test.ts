import { describe, expect, it } from '@jest/globals';
import { PageCursor, pageStarts } from './pageCursor.js';

describe('pageStarts', () => {
  it('covers every record once with 1-based start positions', () => {
    expect(pageStarts(2500)).toEqual([1, 1001, 2001]);
    expect(pageStarts(1000)).toEqual([1]);
    expect(pageStarts(0)).toEqual([]);
  });

  it('continues from a resume position', () => {
    expect(pageStarts(2500, 1001)).toEqual([1001, 2001]);
    expect(pageStarts(2500, 3001)).toEqual([]);
  });
});

describe('PageCursor', () => {
  it('advances only over the contiguous finished prefix', () => {
    const cursor = new PageCursor(1, 10);
    expect(cursor.finish(21)).toBe(1);
    expect(cursor.finish(11)).toBe(1);
    expect(cursor.finish(1)).toBe(31);
    expect(cursor.position).toBe(31);
  });
});

import { describe, expect, it } from '@jest/globals';
import { parseRetryAfter, retryDelayMs } from './backoff.js';

describe('retry delays', () => {
  it('grows exponentially between half and all of the ceiling', () => {
    expect(retryDelayMs(0, null, { baseMs: 100, maxMs: 10_000 }, () => 0)).toBe(50);
    expect(retryDelayMs(3, null, { baseMs: 100, maxMs: 10_000 }, () => 1)).toBe(800);
    expect(retryDelayMs(20, null, { baseMs: 100, maxMs: 1_000 }, () => 1)).toBe(1_000);
  });

  it('honours Retry-After in seconds or as a date', () => {
    expect(retryDelayMs(0, '3', {}, () => 0)).toBe(3_000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});

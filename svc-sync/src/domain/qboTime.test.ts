import { describe, expect, it } from '@jest/globals';
import { cdcUsable, earlierTime, nextCdcSince } from './qboTime.js';

describe('QBO time windows', () => {
  it('keeps the earlier answer time', () => {
    expect(earlierTime('2026-01-01T10:00:00-08:00', '2026-01-01T09:00:00-08:00')).toBe('2026-01-01T09:00:00-08:00');
    expect(earlierTime(null, 'x')).toBe('x');
    expect(earlierTime('y', undefined)).toBe('y');
  });

  it('starts the next window a little before the answer', () => {
    expect(nextCdcSince('2026-01-01T10:00:00.000Z')).toBe('2026-01-01T09:59:58.000Z');
  });

  it('refuses windows QBO would refuse', () => {
    const now = Date.parse('2026-03-01T00:00:00Z');
    expect(cdcUsable('2026-02-20T00:00:00Z', now)).toBe(true);
    expect(cdcUsable('2026-01-01T00:00:00Z', now)).toBe(false);
    expect(cdcUsable(undefined, now)).toBe(false);
  });
});

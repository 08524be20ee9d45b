import { formatDate, formatDateTime, formatDay, formatDayTime, formatLongDay } from './index.js';

// Built in the local zone, so each reads the same wall-clock time wherever the tests run.
const afternoon = new Date(2025, 2, 1, 14, 30, 5).toISOString();

describe('dates as the screens show them', () => {
  it('shows a timestamp in each named format, en-US', () => {
    expect(formatDate(afternoon)).toBe('3/1/2025');
    expect(formatDateTime(afternoon)).toMatch(/^3\/1\/2025, 2:30:05\sPM$/);
    expect(formatDay(afternoon)).toBe('Mar 1, 2025');
    expect(formatLongDay(afternoon)).toBe('March 1, 2025');
    expect(formatDayTime(afternoon)).toMatch(/^Mar 1, 2025, 2:30\sPM$/);
  });

  it('reads a bare date as that calendar day, whatever the time zone', () => {
    expect(formatDate('2025-03-01')).toBe('3/1/2025');
    expect(formatDay('2025-03-01')).toBe('Mar 1, 2025');
  });

  it('shows a dash for no date and an unreadable one as it came', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDayTime(undefined)).toBe('-');
    expect(formatDay('')).toBe('-');
    expect(formatDateTime('next week')).toBe('next week');
  });
});

import { describe, expect, it } from '@jest/globals';
import { DEFAULT_RETRY_POLICY, redeliveryDelay } from './retry.js';

describe('the delay before an event is delivered again', () => {
  it('doubles with each failed attempt up to half a minute', () => {
    expect([1, 2, 3, 6, 7, 10].map((attempt) => redeliveryDelay(DEFAULT_RETRY_POLICY, attempt, false))).toEqual([500, 1_000, 2_000, 16_000, 30_000, 30_000]);
  });

  it('stays within seconds while the database is away, so its return is noticed at once', () => {
    expect([1, 2, 3, 6, 7, 10].map((attempt) => redeliveryDelay(DEFAULT_RETRY_POLICY, attempt, true))).toEqual([500, 1_000, 2_000, 5_000, 5_000, 5_000]);
  });
});

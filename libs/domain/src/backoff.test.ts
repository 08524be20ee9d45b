import { describe, expect, it } from '@jest/globals';
import { backoffDelay } from './backoff.js';

describe('the delay before a retry', () => {
  it('doubles from the base with each retry, up to the cap when there is one', () => {
    expect([0, 1, 2, 5].map((retry) => backoffDelay(retry, { baseMs: 100 }))).toEqual([100, 200, 400, 3_200]);
    expect([0, 3, 4, 20].map((retry) => backoffDelay(retry, { baseMs: 500, maxMs: 5_000 }))).toEqual([500, 4_000, 5_000, 5_000]);
  });

  it('with jitter, waits between half and all of the delay', () => {
    expect(backoffDelay(0, { baseMs: 100, jitter: true }, () => 0)).toBe(50);
    expect(backoffDelay(3, { baseMs: 100, jitter: true }, () => 1)).toBe(800);
    expect(backoffDelay(3, { baseMs: 100, jitter: true }, () => 0.5)).toBe(600);
    expect(backoffDelay(20, { baseMs: 100, maxMs: 1_000, jitter: true }, () => 1)).toBe(1_000);
  });
});

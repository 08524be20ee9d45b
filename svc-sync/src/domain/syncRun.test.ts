import { describe, expect, it } from '@jest/globals';
import { overallProgress } from './syncRun.js';

describe('overallProgress', () => {
  it('sums entities and caps each at its total', () => {
    expect(overallProgress({ customer: { done: 1000, total: 50 }, item: { done: 10, total: 30 } })).toEqual({
      done: 60,
      total: 80,
      byEntity: { customer: { done: 1000, total: 50 }, item: { done: 10, total: 30 } },
    });
  });
});

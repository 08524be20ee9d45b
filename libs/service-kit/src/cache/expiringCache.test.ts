import { createExpiringCache } from './expiringCache.js';

describe('an expiring cache', () => {
  it('answers a value until its own time, then forgets it', () => {
    const cache = createExpiringCache<string>(10);
    cache.set('a', 'one', 1_000);
    expect(cache.get('a', 999)).toBe('one');
    expect(cache.get('a', 1_000)).toBeUndefined();
    expect(cache.get('a', 0)).toBeUndefined();
  });

  it('keeps at most its size, making room by the entry stored longest ago', () => {
    const cache = createExpiringCache<number>(2);
    cache.set('a', 1, 100);
    cache.set('b', 2, 100);
    cache.set('a', 3, 100);
    cache.set('c', 4, 100);
    expect([cache.get('a', 0), cache.get('b', 0), cache.get('c', 0)]).toEqual([3, undefined, 4]);
  });

  it('forgets on request', () => {
    const cache = createExpiringCache<number>(2);
    cache.set('a', 1, 100);
    cache.delete('a');
    expect(cache.get('a', 0)).toBeUndefined();
  });
});

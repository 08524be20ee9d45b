import { describe, expect, it } from '@jest/globals';
import { memoryBudget, RealmLimiter } from './realmLimiter.js';

describe('RealmLimiter', () => {
  it('lets at most the concurrency limit in at once, per realm', async () => {
    const limiter = new RealmLimiter({ requestsPerMinute: 1000, concurrentRequests: 2 });
    let inFlight = 0;
    let peak = 0;
    const call = async (realm: string) => {
      const release = await limiter.acquire(realm);
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      release();
    };
    await Promise.all(Array.from({ length: 8 }, () => call('r1')));
    expect(peak).toBe(2);
    const other = await limiter.acquire('r2');
    other();
  });

  it('bursts half the minute, then paces the rest so no minute exceeds the limit', async () => {
    let now = 0;
    const limiter = new RealmLimiter({ requestsPerMinute: 60, concurrentRequests: 100 }, { budget: memoryBudget(60, () => now) });
    for (let i = 0; i < 30; i++) (await limiter.acquire('r'))();
    const pending = limiter.acquire('r');
    let admitted = false;
    void pending.then(() => (admitted = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(admitted).toBe(false);
    now += 2_000;
    (await pending)();
    expect(admitted).toBe(true);
  });
});

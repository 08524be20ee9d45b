import { createRateLimiter } from './rateLimiter.js';

describe('createRateLimiter', () => {
  it('allows max calls per key per window, then says when to retry', () => {
    let now = 0;
    const limiter = createRateLimiter({ max: 2, windowMs: 10_000, now: () => now });
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(true);
    now = 4_000;
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 6 });
    expect(limiter.hit('b').allowed).toBe(true);
    now = 10_000;
    expect(limiter.hit('a').allowed).toBe(true);
  });
});

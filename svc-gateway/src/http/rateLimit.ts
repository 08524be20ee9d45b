import type { Middleware } from 'koa';
import { tooManyRequests } from '@printpool/service-kit';
import { createRateLimiter } from '../domain/rateLimiter.js';
import type { RateLimitConfig } from '../config.js';

/** Limits calls per client IP; the 429 says when to come back. */
export function rateLimit(config: RateLimitConfig, now?: () => number): Middleware {
  const limiter = createRateLimiter({ ...config, now });
  return async (ctx, next) => {
    const decision = limiter.hit(ctx.ip);
    if (!decision.allowed) {
      ctx.set('Retry-After', String(decision.retryAfterSeconds));
      throw tooManyRequests();
    }
    await next();
  };
}

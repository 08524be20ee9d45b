import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { tooManyRequests } from '@printpool/service-kit';
import { createRateLimiter } from '../db/rateLimitWindows.js';
import type { RateLimitConfig } from '../config.js';

/** Limits calls per client IP, counted in the database across replicas; the 429 says when to come back. */
export function rateLimit(knex: Knex, name: string, config: RateLimitConfig): Middleware {
  const limiter = createRateLimiter(knex, name, config);
  return async (ctx, next) => {
    const decision = await limiter.hit(ctx.ip);
    if (!decision.allowed) {
      ctx.set('Retry-After', String(decision.retryAfterSeconds));
      throw tooManyRequests();
    }
    await next();
  };
}

import type { Context, Next } from 'koa';
import type { Clock } from '../clock.js';
import { throttled } from './gate.js';
import { RealmLimiter } from './limits.js';

/** Intuit takes at most 40 batch requests per minute per company, on top of the overall limit. */
export const BATCH_REQUESTS_PER_MINUTE = 40;

/** Throttles `POST /batch` per realm, answered with the same 429 as every other throttling. */
export function batchThrottle(clock: Clock) {
  const limiter = new RealmLimiter(clock, { requestsPerMinute: BATCH_REQUESTS_PER_MINUTE, concurrentRequests: Number.POSITIVE_INFINITY });
  return async (ctx: Context, next: Next): Promise<void> => {
    const realmId = String(ctx.params.realmId);
    if (!limiter.admit(realmId)) return throttled(ctx, clock);
    // Only the rate counts here; the gate's limiter already bounds requests in flight.
    limiter.release(realmId);
    await next();
  };
}

import { parseRetryAfter } from './backoff.js';

/** Intuit counts a realm's requests per minute (500): a throttled client waits for the next one. */
export const THROTTLE_WINDOW_MS = 60_000;

/**
 * When to ask again after QuickBooks answered 429: when its Retry-After says, else at the start
 * of the next window, plus up to a second so that the realm's waiting requests do not all come
 * back in the same instant.
 */
export function resumeAfterThrottle(now: number, retryAfter: string | null, windowMs = THROTTLE_WINDOW_MS, random = Math.random): number {
  const told = parseRetryAfter(retryAfter, now);
  const wait = told ?? windowMs - (now % windowMs);
  return now + wait + Math.round(random() * Math.min(1_000, windowMs / 10));
}

import { backoffDelay } from '@printpool/domain';

/** Exponential backoff with jitter, honouring a server's Retry-After when it gives one. */
export function retryDelayMs(attempt: number, retryAfter: string | null, { baseMs = 250, maxMs = 10_000 } = {}, random = Math.random): number {
  const fromHeader = parseRetryAfter(retryAfter);
  if (fromHeader !== undefined) return Math.min(fromHeader, 60_000);
  return backoffDelay(attempt, { baseMs, maxMs, jitter: true }, random);
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

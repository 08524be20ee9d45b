export interface Backoff {
  /** Delay before the first retry; each further retry doubles it. */
  baseMs: number;
  /** Most a delay grows to; unbounded when absent. */
  maxMs?: number;
  /**
   * Wait a random time between half and all of the delay, so callers that failed together (one
   * QuickBooks outage, every sync of the company) do not all retry at the same instant.
   */
  jitter?: boolean;
}

/** Delay before retry number `retry` (0 for the first): base × 2^retry, capped at `maxMs`. */
export function backoffDelay(retry: number, { baseMs, maxMs = Number.POSITIVE_INFINITY, jitter = false }: Backoff, random = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** retry);
  return jitter ? Math.round(ceiling / 2 + (random() * ceiling) / 2) : ceiling;
}

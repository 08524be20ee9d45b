export interface RetryPolicy {
  /** Deliveries of one event to one consumer, the first included; then it becomes a dead letter (deadLetter.ts). */
  maxAttempts: number;
  /** Delay before the second delivery; it doubles with each further attempt. */
  retryDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 10, retryDelayMs: 500 };

const MAX_DELAY_MS = 30_000;

/** Delay before delivering again after the `attempt`-th delivery failed (attempt ≥ 1). */
export function retryDelay(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.retryDelayMs * 2 ** (attempt - 1), MAX_DELAY_MS);
}

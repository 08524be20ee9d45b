import { backoffDelay } from '@printpool/domain';

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
  return backoffDelay(attempt - 1, { baseMs: policy.retryDelayMs, maxMs: MAX_DELAY_MS });
}

/**
 * Most an event waits to be delivered again while its consumer's database is away: the
 * database's return, not the event, decides when it applies, and consumers must be caught up
 * within seconds of it (infra/launch/test/faults: a 150 s outage, consistent within 30 s), which
 * the doubling delay's 30 s ceiling alone could take up.
 */
const OUTAGE_RETRY_MAX_MS = 5_000;

/** Delay before delivering again after the `attempt`-th delivery failed, `unavailable` when for want of the database. */
export function redeliveryDelay(policy: RetryPolicy, attempt: number, unavailable: boolean): number {
  const delay = retryDelay(policy, attempt);
  return unavailable ? Math.min(delay, OUTAGE_RETRY_MAX_MS) : delay;
}

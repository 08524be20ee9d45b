/**
 * The waits between attempts of a retried send: base, 2×base, 4×base… (attempts − 1 of them).
 * A short transient outage of the mail server is ridden out without holding the request long.
 */
export function backoffDelays(attempts: number, baseDelayMs: number): number[] {
  return Array.from({ length: Math.max(0, attempts - 1) }, (_, i) => baseDelayMs * 2 ** i);
}

/** When a mail whose send failed is sent again, and after how many resends it stays failed (MAIL_RESEND_BASE_MS, MAIL_MAX_RESENDS). */
export interface ResendPolicy {
  /** Resends after the first failed send before the mail is given up as failed for good. */
  maxResends: number;
  baseDelayMs: number;
  /** A mail still 'sending' this long after it was logged was cut short by a crash: it is sent again. */
  abandonedAfterMs: number;
}

const MAX_RESEND_DELAY_MS = 60 * 60_000;

export const resendDelayMs = (policy: ResendPolicy, resends: number) => Math.min(policy.baseDelayMs * 2 ** resends, MAX_RESEND_DELAY_MS);

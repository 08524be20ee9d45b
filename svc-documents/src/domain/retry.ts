import { backoffDelay } from '@printpool/domain';

/** When a mail whose send failed is sent again, and after how many resends it stays failed (MAIL_RESEND_BASE_MS, MAIL_MAX_RESENDS). */
export interface ResendPolicy {
  /** Resends after the first failed send before the mail is given up as failed for good. */
  maxResends: number;
  baseDelayMs: number;
  /** A mail still 'sending' this long after it was logged was cut short by a crash: it is sent again. */
  abandonedAfterMs: number;
}

const MAX_RESEND_DELAY_MS = 60 * 60_000;

export const resendDelayMs = (policy: ResendPolicy, resends: number) => backoffDelay(resends, { baseMs: policy.baseDelayMs, maxMs: MAX_RESEND_DELAY_MS });

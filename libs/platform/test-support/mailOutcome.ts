import type { EmailLog, EmailQueued } from '@printpool/contracts';
import type { Route } from './apiServer.js';

/** svc-documents' 202 for `emailLog`'s send when the mail server did not take it (libs/contracts EmailQueuedSchema). */
export function queuedAnswer(emailLog: EmailLog, nextAttemptAt: string, reason = 'connect ECONNREFUSED'): Route {
  const body: EmailQueued = {
    status: 'queued',
    message: `The mail server did not take the e-mail; it will be sent again at ${nextAttemptAt}`,
    emailLog: { ...emailLog, status: 'failed', attempts: 3, error: `${reason} (sending again at ${nextAttemptAt})` },
    nextAttemptAt,
  };
  return { status: 202, body: JSON.stringify(body) };
}

/** docs/product.md §8: the queued notice, the next attempt in hours and minutes on the test machine's clock. */
export function queuedNoticeTitle(nextAttemptAt: string): string {
  const at = new Date(nextAttemptAt);
  return `Queued: the e-mail will be sent again at ${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

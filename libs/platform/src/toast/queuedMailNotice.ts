import type { Notice } from '../api/useNotifiedMutation.js';

/** Hours and minutes on the broker's clock, as the notice words them (docs/product.md §8, success messages). */
const clockTime = (at: Date) => `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;

/**
 * What a send answered 202 says: the mail server did not take the e-mail and it goes out at its
 * next attempt by itself (libs/contracts EmailQueuedSchema), so the broker is told when, not
 * shown an error that would have them send it again.
 */
export function queuedMailNotice(nextAttemptAt: string): Notice {
  return { title: `Queued: the e-mail will be sent again at ${clockTime(new Date(nextAttemptAt))}`, variant: 'info' };
}

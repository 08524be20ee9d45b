import { backoffDelay, type Backoff } from '@printpool/domain';

/**
 * How code that failed to arrive (a dialog's chunk, a remote) is fetched again: after 1, 2, 4 and
 * 8 s, and at once when the browser is back online. A server that restarts or a network that
 * blinks is back within that, and the person keeps the page and what they typed on it.
 */
const CODE_RETRY: Backoff = { baseMs: 1_000, maxMs: 8_000 };
const CODE_RETRIES = 4;

/** Resolves after `ms`, or as soon as the browser reports it is online again. */
function untilRetry(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = window.setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

/** Runs `load` (given the retry number, 0 first) until it succeeds or has failed `retries` times more; then its last error. */
export async function retryingLoad<T>(load: (retry: number) => Promise<T>, retries = CODE_RETRIES): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await load(retry);
    } catch (error) {
      if (retry >= retries) throw error;
      await untilRetry(backoffDelay(retry, CODE_RETRY));
    }
  }
}

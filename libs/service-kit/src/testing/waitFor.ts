import { setTimeout as sleep } from 'node:timers/promises';

export interface WaitForOptions {
  timeoutMs?: number;
  intervalMs?: number;
}

/**
 * Retries `assertion` until it stops throwing and answers its result; after `timeoutMs` the
 * last failure is thrown, so a test fails with the real expectation instead of hanging. The
 * default allows for a loaded 2-core CI machine; a passing wait returns at once.
 */
export async function waitFor<T>(assertion: () => T | Promise<T>, { timeoutMs = 15_000, intervalMs = 20 }: WaitForOptions = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (err) {
      if (Date.now() >= deadline) throw err;
    }
    await sleep(intervalMs);
  }
}

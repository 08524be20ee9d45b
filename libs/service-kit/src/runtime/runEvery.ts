import { setTimeout as sleep } from 'node:timers/promises';

export interface Periodic {
  /** Stops the runs: one under way ends first (it is told by its signal). */
  stop(): Promise<void>;
}

/**
 * Runs `work` every `everyMs` until stopped; 0 never runs it. The first run waits a period too,
 * so a fleet restarted together does not do the same work at once. A failed run is handed to
 * `failed` and the next period tries again.
 */
export function runEvery(everyMs: number, work: (signal: AbortSignal) => Promise<unknown>, failed: (err: unknown) => void): Periodic {
  const stopping = new AbortController();
  const loop =
    everyMs > 0
      ? (async () => {
          while (!stopping.signal.aborted) {
            await sleep(everyMs, undefined, { signal: stopping.signal }).catch(() => undefined);
            if (stopping.signal.aborted) break;
            await work(stopping.signal).catch(failed);
          }
        })()
      : Promise.resolve();
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}

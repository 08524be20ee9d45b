/**
 * Runs tasks with at most `limit` in flight; the first failure (or the signal's abort) stops new
 * starts and is thrown once the tasks in flight have settled, so none outlives the run (a
 * stopped service closes its database after it).
 */
export async function runPool(tasks: Array<() => Promise<void>>, limit: number, signal?: AbortSignal): Promise<void> {
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (failure === undefined && next < tasks.length) {
      if (signal?.aborted) {
        failure ??= signal.reason;
        break;
      }
      const task = tasks[next++]!;
      try {
        await task();
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  if (failure !== undefined) throw failure;
}

/** Runs tasks with at most `limit` in flight; the first failure stops new starts and is thrown. */
export async function runPool(tasks: Array<() => Promise<void>>, limit: number, signal?: AbortSignal): Promise<void> {
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (failure === undefined && next < tasks.length) {
      signal?.throwIfAborted();
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

import { setTimeout as sleep } from 'node:timers/promises';
import { waitFor } from '../testing/waitFor.js';
import { runEvery } from './runEvery.js';

describe('runEvery', () => {
  it('runs after each period, goes on after a failure, and stops', async () => {
    const runs: number[] = [];
    const failures: unknown[] = [];
    const periodic = runEvery(
      20,
      async () => {
        runs.push(runs.length);
        if (runs.length === 2) throw new Error('second run failed');
      },
      (err) => failures.push(err),
    );
    expect(runs).toEqual([]);
    await waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(3));
    await periodic.stop();
    const after = runs.length;
    expect(failures).toEqual([new Error('second run failed')]);
    await sleep(60);
    expect(runs).toHaveLength(after);
  });

  it('never runs with a period of 0', async () => {
    let ran = false;
    const periodic = runEvery(
      0,
      async () => void (ran = true),
      () => undefined,
    );
    await sleep(30);
    await periodic.stop();
    expect(ran).toBe(false);
  });
});

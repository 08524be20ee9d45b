import { expect, it } from '@jest/globals';
import type { SyncRun } from '@printpool/contracts';
import { finishedSince } from './syncRun.js';

const run = (runId: string, status: SyncRun['status']): SyncRun => ({
  runId,
  status,
  kind: 'full',
  startedAt: '2025-03-01T10:00:00Z',
  finishedAt: status === 'running' ? null : '2025-03-01T10:01:00Z',
  progress: { done: 0, total: 0, byEntity: {} },
  waitingUntil: null,
  error: null,
});

it('reports a run that ended since it was last seen, never the one found on first look', () => {
  expect(finishedSince(undefined, run('a', 'completed'))).toBe(false);
  expect(finishedSince(run('a', 'running'), run('a', 'completed'))).toBe(true);
  expect(finishedSince(run('a', 'running'), run('a', 'failed'))).toBe(true);
  expect(finishedSince(run('a', 'completed'), run('a', 'completed'))).toBe(false);
  expect(finishedSince(run('a', 'completed'), run('b', 'completed'))).toBe(true);
  expect(finishedSince(null, run('a', 'completed'))).toBe(true);
  expect(finishedSince(run('a', 'completed'), run('b', 'running'))).toBe(false);
});

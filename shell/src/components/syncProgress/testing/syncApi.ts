import { startLocalApi, type ApiReply, type LocalApi } from '../../../testing/localApi.js';
import type { SyncRun } from '@printpool/contracts';

export const runningSync: SyncRun = {
  runId: 'r1',
  status: 'running',
  kind: 'full',
  startedAt: '2025-03-01T10:00:00Z',
  finishedAt: null,
  progress: { done: 30, total: 80, byEntity: { customer: { done: 30, total: 30 }, purchaseOrder: { done: 0, total: 50 } } },
  waitingUntil: null,
  error: null,
};

const SYNC_STARTED: ApiReply = { status: 202, body: JSON.stringify({ runId: 'r1' }) };

/**
 * Answers svc-sync's calls: POST /api/quickbooks/sync with `syncReply`, and the latest run from
 * `runs`, one per call, the last one repeated (null: never synced, 204).
 */
export function startSyncApi(runs: (SyncRun | null)[], syncReply: ApiReply = SYNC_STARTED): Promise<LocalApi> {
  return startLocalApi((call) => {
    if (call.method === 'POST' && call.path === '/api/quickbooks/sync') return syncReply;
    const run = runs.length > 1 ? runs.shift()! : runs[0]!;
    return run ? { status: 200, body: JSON.stringify(run) } : { status: 204 };
  });
}

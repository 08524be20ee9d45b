import { ApiError, apiRequest } from '@printpool/platform';

export type SyncRunStatus = 'running' | 'completed' | 'failed';

export interface EntityProgress {
  done: number;
  total: number;
}

/** GET /api/quickbooks/sync/runs/latest, as svc-sync answers it. */
export interface SyncRun {
  runId: string;
  status: SyncRunStatus;
  kind: string;
  startedAt: string;
  finishedAt: string | null;
  progress: { done: number; total: number; byEntity: Record<string, EntityProgress> };
  /** While QuickBooks' rate limit holds the run: when it goes on. */
  waitingUntil: string | null;
  error: string | null;
}

export const LATEST_SYNC_RUN_KEY = ['/api/quickbooks/sync/runs/latest'];

/**
 * The latest run, or null when this account has never synced: svc-sync answers 204, and 404
 * where it is older than the shell (each is deployed on its own).
 */
export async function fetchLatestSyncRun(): Promise<SyncRun | null> {
  try {
    const response = await apiRequest('GET', LATEST_SYNC_RUN_KEY[0]!);
    return response.status === 204 ? null : ((await response.json()) as SyncRun);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** A run seen finishing: it was running when last seen, or it is a newer run than the one last seen. */
export function finishedSince(previous: SyncRun | null | undefined, current: SyncRun | null | undefined): boolean {
  if (previous === undefined || !current || current.status === 'running') return false;
  return previous === null || previous.runId !== current.runId || previous.status === 'running';
}

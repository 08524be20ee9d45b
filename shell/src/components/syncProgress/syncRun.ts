import type { SyncRun } from '@printpool/contracts';
import { ApiError, callRoute } from '@printpool/platform';

export const LATEST_SYNC_RUN_KEY = ['/api/quickbooks/sync/runs/latest'];

/**
 * The latest run, or null when this account has never synced: svc-sync answers 204, and 404
 * where it is older than the shell (each is deployed on its own).
 */
export async function fetchLatestSyncRun(): Promise<SyncRun | null> {
  try {
    return (await callRoute('get /api/quickbooks/sync/runs/latest', {})) ?? null;
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

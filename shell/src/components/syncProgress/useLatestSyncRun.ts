import { useQuery } from '@tanstack/react-query';
import type { SyncRun } from '@printpool/contracts';
import { fetchLatestSyncRun, LATEST_SYNC_RUN_KEY } from './syncRun.js';

export const SYNC_POLL_MS = 1000;

/**
 * The latest QuickBooks sync run: asked once, then every second while it runs. Whoever starts
 * a sync invalidates the key (Sync Data, the catalog pages), which wakes the polling.
 */
export function useLatestSyncRun(): SyncRun | null | undefined {
  const { data } = useQuery({
    queryKey: LATEST_SYNC_RUN_KEY,
    queryFn: fetchLatestSyncRun,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? SYNC_POLL_MS : false),
  });
  return data;
}

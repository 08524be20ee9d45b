import { useToast } from '@printpool/platform';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { fetchLatestSyncRun, finishedSince, LATEST_SYNC_RUN_KEY, type SyncRun } from './syncRun.js';

export const SYNC_POLL_MS = 1000;

/**
 * Follows the latest QuickBooks sync run: asked once, then every second while it runs. Whoever
 * starts a sync invalidates the key (Sync Data refreshes every query; the catalog pages this
 * one), which wakes the polling. When a run finishes, every cached query is refreshed (spec §7)
 * and the user is told how it went.
 */
export function useLatestSyncRun(): SyncRun | null | undefined {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: LATEST_SYNC_RUN_KEY,
    queryFn: fetchLatestSyncRun,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? SYNC_POLL_MS : false),
  });
  const previous = useRef<SyncRun | null | undefined>(undefined);
  useEffect(() => {
    if (data === undefined) return;
    const seen = previous.current;
    previous.current = data;
    if (!finishedSince(seen, data)) return;
    if (data?.status === 'completed') {
      toast({ title: 'Success', description: 'QuickBooks sync completed successfully' });
      void queryClient.invalidateQueries();
    } else {
      toast({ title: 'Sync Error', description: 'Failed to sync with QuickBooks', variant: 'destructive' });
    }
  }, [data, toast, queryClient]);
  return data;
}

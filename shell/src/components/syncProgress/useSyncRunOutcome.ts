import { useToast } from '@printpool/platform';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { SYNC_HEALTH_KEY } from './useSyncHealth.js';
import type { SyncRun } from '@printpool/contracts';
import { finishedSince } from './syncRun.js';
import { useLatestSyncRun } from './useLatestSyncRun.js';

/**
 * When a sync run finishes, every cached query is refreshed (docs/product.md §7) and the user is told how
 * it went. It must run once per signed-in page whatever is on screen, so the layout owns it.
 */
export function useSyncRunOutcome(): void {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const run = useLatestSyncRun();
  const previous = useRef<SyncRun | null | undefined>(undefined);
  useEffect(() => {
    if (run === undefined) return;
    const seen = previous.current;
    previous.current = run;
    if (!finishedSince(seen, run)) return;
    if (run?.status === 'completed') {
      toast({ title: 'Success', description: 'QuickBooks sync completed successfully' });
      void queryClient.invalidateQueries();
    } else {
      toast({ title: 'Sync Error', description: 'Failed to sync with QuickBooks', variant: 'destructive' });
      // The dashboard's Sync problems show why, in QuickBooks' words.
      void queryClient.invalidateQueries({ queryKey: SYNC_HEALTH_KEY });
    }
  }, [run, toast, queryClient]);
}

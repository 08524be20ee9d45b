import type { SyncHealth, SyncProblem } from '@printpool/contracts';
import { callRoute, useAuth, useNotifiedMutation } from '@printpool/platform';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LATEST_SYNC_RUN_KEY } from './syncRun.js';

export const SYNC_HEALTH_KEY = ['/api/quickbooks/sync/health'];

/** The scheduled catch-up runs without anyone on the page: a minute is soon enough to show its time or its failure. */
const HEALTH_REFRESH_MS = 60_000;

/** When QuickBooks was last checked for changes, and what failed since (svc-sync's SyncHealth). */
export function useSyncHealth(): SyncHealth | undefined {
  const { user } = useAuth();
  const { data } = useQuery<SyncHealth>({ queryKey: SYNC_HEALTH_KEY, enabled: Boolean(user), refetchInterval: HEALTH_REFRESH_MS });
  return data;
}

/** Retry of a problem: a sync runs again from QuickBooks, a write-back sends the order again. */
export function useRetrySyncProblem() {
  const queryClient = useQueryClient();
  return useNotifiedMutation({
    mutationFn: async (problem: SyncProblem): Promise<void> => {
      if (problem.kind === 'sync') await callRoute('post /api/quickbooks/sync', {});
      else await callRoute('post /api/sales-orders/:id/sync', { params: { id: problem.salesOrderId } });
    },
    // A sync goes on in the background; the layout's tracker follows it and says how it ended.
    invalidates: null,
    success: (problem) => (problem.kind === 'sync' ? undefined : { title: 'Success', description: `Sales order ${problem.soNumber} saved in QuickBooks` }),
    onSuccess: (_answer, problem) => {
      if (problem.kind === 'sync') void queryClient.invalidateQueries({ queryKey: LATEST_SYNC_RUN_KEY });
    },
    failure: { title: 'Retry failed' },
    // Whatever happened, the list says it now: gone, or QuickBooks' new reason.
    onSettled: async (problem) => {
      await queryClient.invalidateQueries({ queryKey: SYNC_HEALTH_KEY });
      if (problem.kind === 'write-back') await queryClient.invalidateQueries({ queryKey: ['/api/sales-orders'] });
    },
  });
}

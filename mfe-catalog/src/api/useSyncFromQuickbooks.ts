import { apiRequest, invalidateAfterMutation, useToast } from '@printpool/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogEntity } from './useCatalogList.js';

/** The shell's connection query: reused here so a sync asks the cached answer when it has one. */
const QUICKBOOKS_STATUS_KEY = ['/api/quickbooks/status'];
const STATUS_STALE_MS = 30_000;
/** Refreshing the latest sync run wakes the shell's progress display, which then follows the run. */
const LATEST_SYNC_RUN_KEY = ['/api/quickbooks/sync/runs/latest'];

class NotConnectedError extends Error {}

/**
 * POST /api/sync/<entity>, once GET /api/quickbooks/status says QuickBooks is connected
 * (docs/product.md §5: otherwise 'Not Connected' and no call). The run goes on in the background.
 */
export function useSyncFromQuickbooks(entity: CatalogEntity) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const status = await queryClient.fetchQuery<{ connected: boolean }>({ queryKey: QUICKBOOKS_STATUS_KEY, staleTime: STATUS_STALE_MS });
      if (!status?.connected) throw new NotConnectedError();
      await apiRequest('POST', `/api/sync/${entity}`);
    },
    onSuccess: () => invalidateAfterMutation(queryClient, [`/api/${entity}`], LATEST_SYNC_RUN_KEY),
    onError: (error) =>
      toast(
        error instanceof NotConnectedError
          ? { title: 'Not Connected', description: 'Please connect to QuickBooks first', variant: 'destructive' }
          : { title: 'Error', description: `Failed to sync ${entity} from QuickBooks`, variant: 'destructive' },
      ),
  });
}

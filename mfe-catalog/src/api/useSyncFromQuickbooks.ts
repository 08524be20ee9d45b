import type { QuickbooksConnection } from '@printpool/contracts';
import { callRoute, useNotifiedMutation } from '@printpool/platform';
import { useQueryClient } from '@tanstack/react-query';
import type { CatalogEntity } from './useCatalogList.js';

/** The shell's connection query: reused here so a sync asks the cached answer when it has one. */
const QUICKBOOKS_STATUS_KEY = ['/api/quickbooks/status'];
const STATUS_STALE_MS = 30_000;
/** Refreshing the latest sync run wakes the shell's progress display, which then follows the run. */
const LATEST_SYNC_RUN_KEY = ['/api/quickbooks/sync/runs/latest'];

const SYNC_ROUTES = { customers: 'post /api/sync/customers', items: 'post /api/sync/items' } as const;

class NotConnectedError extends Error {}

/**
 * POST /api/sync/<entity>, once GET /api/quickbooks/status says QuickBooks is connected
 * (docs/product.md §5: otherwise 'Not Connected' and no call). The run goes on in the background.
 */
export function useSyncFromQuickbooks(entity: CatalogEntity) {
  const queryClient = useQueryClient();
  return useNotifiedMutation({
    mutationFn: async () => {
      const status = await queryClient.fetchQuery<QuickbooksConnection>({ queryKey: QUICKBOOKS_STATUS_KEY, staleTime: STATUS_STALE_MS });
      if (!status?.connected) throw new NotConnectedError();
      await callRoute(SYNC_ROUTES[entity], {});
    },
    invalidates: [[`/api/${entity}`], LATEST_SYNC_RUN_KEY],
    failure: (error) =>
      error instanceof NotConnectedError
        ? { title: 'Not Connected', description: 'Please connect to QuickBooks first' }
        : { title: 'Error', description: `Failed to sync ${entity} from QuickBooks` },
  });
}

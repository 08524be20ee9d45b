import { apiRequest, invalidateAfterMutation, useToast } from '@printpool/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/sync/<entity>, then refresh that list; a failure toasts 'Failed to sync <entity> from QuickBooks'. */
export function useSyncFromQuickbooks(entity: 'customers' | 'items') {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', `/api/sync/${entity}`),
    onSuccess: async () => {
      toast({ title: 'Sync Complete', description: `The ${entity} were synced from QuickBooks.` });
      await invalidateAfterMutation(queryClient, [`/api/${entity}`]);
    },
    onError: (error) =>
      toast({ title: 'Error', description: error.message || `Failed to sync ${entity} from QuickBooks`, variant: 'destructive' }),
  });
}

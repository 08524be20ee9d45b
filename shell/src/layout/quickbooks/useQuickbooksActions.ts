import { afterToastIsSeen, apiRequest, navigateBrowser, unlessUnauthorized, useToast } from '@printpool/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LATEST_SYNC_RUN_KEY } from '../../components/syncProgress/syncRun.js';
import { QUICKBOOKS_STATUS_KEY, type QuickbooksStatus } from './useQuickbooksStatus.js';

async function fetchAuthUrl(): Promise<string> {
  const response = await apiRequest('GET', '/api/quickbooks/auth-url');
  const { authUrl } = (await response.json()) as { authUrl: string };
  return authUrl;
}

const RECONNECTING = {
  title: 'Reconnecting to QuickBooks...',
  description: 'You will be redirected to QuickBooks to refresh permissions.',
  variant: 'info',
} as const;

/** The user menu's QuickBooks actions: sync, connect, reconnect, refresh token. A 401 on any of them gets the sign-in redirect's toast alone. */
export function useQuickbooksActions(status: QuickbooksStatus | undefined, navigate: (url: string) => void = navigateBrowser) {
  const { toast } = useToast();
  const queryClient = useQueryClient();

  const sync = useMutation({
    mutationFn: () => apiRequest('POST', '/api/quickbooks/sync'),
    // The sync runs in the background (202): following the run shows its progress, and the
    // layout's tracker toasts and refreshes everything when it ends.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LATEST_SYNC_RUN_KEY }),
    onError: unlessUnauthorized(() => toast({ title: 'Sync Error', description: 'Failed to sync with QuickBooks', variant: 'destructive' })),
  });

  const connect = useMutation({
    mutationFn: fetchAuthUrl,
    onSuccess: navigate,
    onError: unlessUnauthorized(() => toast({ title: 'Connection Error', description: 'Failed to initiate QuickBooks connection.', variant: 'destructive' })),
  });

  const reconnect = useMutation({
    mutationFn: fetchAuthUrl,
    onMutate: () => toast(RECONNECTING),
    onSuccess: navigate,
    onError: unlessUnauthorized(() => toast({ title: 'Connection Error', description: 'Failed to initiate QuickBooks reconnection.', variant: 'destructive' })),
  });

  const refreshToken = useMutation({
    mutationFn: async () => (await (await apiRequest('POST', '/api/quickbooks/connect')).json()) as { action?: string; authUrl?: string },
    onSuccess: async ({ action, authUrl }) => {
      if (action === 'token_refreshed') {
        toast({ title: 'Token Refreshed', description: 'Your QuickBooks connection has been successfully renewed.' });
        // Everything shown may have come from the expired connection; it is read again, in place.
        await queryClient.invalidateQueries();
        return;
      }
      // QuickBooks wants the broker's consent again (the grant itself expired or was revoked).
      if (action === 'authorize' && authUrl) {
        toast(RECONNECTING);
        afterToastIsSeen(() => navigate(authUrl));
        return;
      }
      await queryClient.invalidateQueries({ queryKey: QUICKBOOKS_STATUS_KEY });
    },
    onError: unlessUnauthorized(() => toast({ title: 'Refresh Error', description: 'Failed to refresh QuickBooks token.', variant: 'destructive' })),
  });

  const startSync = () => {
    if (!status?.connected) {
      toast({ title: 'Not Connected', description: 'Please connect to QuickBooks first', variant: 'destructive' });
      return;
    }
    sync.mutate();
  };

  return { sync, startSync, connect, reconnect, refreshToken };
}

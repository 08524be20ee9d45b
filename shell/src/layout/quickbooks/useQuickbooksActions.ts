import type { QuickbooksConnectAnswer, QuickbooksConnection } from '@printpool/contracts';
import { afterToastIsSeen, callRoute, navigateBrowser, useNotifiedMutation, useToast, type Notice } from '@printpool/platform';
import { useQueryClient } from '@tanstack/react-query';
import { LATEST_SYNC_RUN_KEY } from '../../components/syncProgress/syncRun.js';
import { QUICKBOOKS_STATUS_KEY } from './useQuickbooksStatus.js';

async function fetchAuthUrl(): Promise<string> {
  return (await callRoute('get /api/quickbooks/auth-url', {})).authUrl;
}

const RECONNECTING: Notice = {
  title: 'Reconnecting to QuickBooks...',
  description: 'You will be redirected to QuickBooks to refresh permissions.',
  variant: 'info',
};

/** QuickBooks wants the broker's consent again (the grant itself expired or was revoked): the link to give it. */
const consentUrl = (answer: QuickbooksConnectAnswer) => (answer.action === 'authorize' ? answer.authUrl : undefined);

/**
 * The user menu's QuickBooks actions: sync, connect, reconnect, refresh token. Their failures
 * are worded by docs/product.md §8 whatever the server said. None refreshes the lists by its
 * answer: a sync goes on in the background, the others lead to QuickBooks or say what changed.
 */
export function useQuickbooksActions(status: QuickbooksConnection | undefined, navigate: (url: string) => void = navigateBrowser) {
  const { toast } = useToast();
  const queryClient = useQueryClient();

  const sync = useNotifiedMutation({
    mutationFn: () => callRoute('post /api/quickbooks/sync', {}),
    // The sync runs in the background (202): following the run shows its progress, and the
    // layout's tracker toasts and refreshes everything when it ends.
    invalidates: null,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LATEST_SYNC_RUN_KEY }),
    failure: () => ({ title: 'Sync Error', description: 'Failed to sync with QuickBooks' }),
  });

  const connect = useNotifiedMutation({
    mutationFn: fetchAuthUrl,
    invalidates: null,
    onSuccess: navigate,
    failure: () => ({ title: 'Connection Error', description: 'Failed to initiate QuickBooks connection.' }),
  });

  const reconnect = useNotifiedMutation({
    mutationFn: fetchAuthUrl,
    invalidates: null,
    onMutate: () => toast(RECONNECTING),
    onSuccess: navigate,
    failure: () => ({ title: 'Connection Error', description: 'Failed to initiate QuickBooks reconnection.' }),
  });

  const refreshToken = useNotifiedMutation({
    mutationFn: () => callRoute('post /api/quickbooks/connect', {}),
    invalidates: null,
    success: (_none, answer) => {
      if (answer.action === 'token_refreshed') return { title: 'Token Refreshed', description: 'Your QuickBooks connection has been successfully renewed.' };
      return consentUrl(answer) ? RECONNECTING : undefined;
    },
    onSuccess: async (answer) => {
      const url = consentUrl(answer);
      // Everything shown may have come from the expired connection; it is read again, in place.
      if (answer.action === 'token_refreshed') await queryClient.invalidateQueries();
      else if (url) afterToastIsSeen(() => navigate(url));
      else await queryClient.invalidateQueries({ queryKey: QUICKBOOKS_STATUS_KEY });
    },
    failure: () => ({ title: 'Refresh Error', description: 'Failed to refresh QuickBooks token.' }),
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

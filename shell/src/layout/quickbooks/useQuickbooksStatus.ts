import type { QuickbooksConnection } from '@printpool/contracts';
import { useAuth } from '@printpool/platform';
import { useQuery } from '@tanstack/react-query';

export type ConnectionState = 'connected' | 'expired' | 'disconnected';

export const QUICKBOOKS_STATUS_KEY = ['/api/quickbooks/status'];
const STATUS_STALE_MS = 30_000;

/** Connected, token expired (a realm id but no live token) or never connected. */
export function connectionState(status: QuickbooksConnection | undefined): ConnectionState {
  if (status?.connected) return 'connected';
  if (status?.hasRealmId) return 'expired';
  return 'disconnected';
}

/** The QuickBooks connection, asked only once a user is signed in and cached for 30 s. */
export function useQuickbooksStatus() {
  const { user } = useAuth();
  const query = useQuery<QuickbooksConnection>({ queryKey: QUICKBOOKS_STATUS_KEY, enabled: Boolean(user), staleTime: STATUS_STALE_MS });
  return { status: query.data, state: connectionState(query.data), isLoading: query.isLoading };
}

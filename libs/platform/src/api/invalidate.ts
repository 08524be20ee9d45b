import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Lists every change can affect, refreshed after any successful mutation. */
export const ALWAYS_INVALIDATED: QueryKey[] = [['/api/dashboard/stats'], ['/api/email-logs']];

/** Refreshes the lists a mutation touched, plus the dashboard stats and the communication log. */
export async function invalidateAfterMutation(queryClient: QueryClient, ...keys: QueryKey[]): Promise<void> {
  await Promise.all([...keys, ...ALWAYS_INVALIDATED].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

import type { PullTicket } from '@printpool/contracts';
import { useListPage, type ListPageQuery } from '@printpool/platform';

/** docs/product.md §3 PullTicket as svc-inventory answers it, with what approval and shipment recorded (libs/contracts inventoryPullTickets.ts). */
export type { PullTicket };

export const PULL_TICKETS_PATH = '/api/pull-tickets';
export const PULL_TICKETS_KEY = [PULL_TICKETS_PATH];

/**
 * One page of pull tickets, searched and paged on the server. The one list that refreshes on
 * its own (docs/product.md §2): vendors act on tickets while the page is open. Its data goes stale at
 * once, since the client's default (never stale) would make a window-focus refetch a no-op.
 */
export function usePullTickets(query: ListPageQuery) {
  return useListPage<PullTicket>(PULL_TICKETS_PATH, query, { staleTime: 0, refetchOnMount: 'always', refetchOnWindowFocus: true });
}

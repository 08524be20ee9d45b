import { useQuery } from '@tanstack/react-query';

/** spec §3 PullTicket; items arrive as an array or as JSON text (see domain/pullTicketItems). */
export interface PullTicket {
  id: string | number;
  ptNumber: string;
  soNumber: string | null;
  customerName: string | null;
  customerEmail?: string | null;
  customerPhone?: string | null;
  customerAddress?: string | null;
  customerShippingAddress?: string | null;
  vendorName: string | null;
  vendorEmail?: string | null;
  vendorPhone?: string | null;
  vendorAddress?: string | null;
  bulkPoNumber?: string | null;
  status: string;
  notes?: string | null;
  shipByDate?: string | null;
  items?: unknown;
  createdAt: string;
  updatedAt?: string | null;
}

export const PULL_TICKETS_KEY = ['/api/pull-tickets'];

/**
 * The one list that refreshes on its own (spec §2): vendors act on tickets while the page is
 * open. Its data goes stale at once, since the client's default (never stale) would make a
 * window-focus refetch a no-op.
 */
export function usePullTickets() {
  return useQuery<PullTicket[]>({ queryKey: PULL_TICKETS_KEY, staleTime: 0, refetchOnMount: 'always', refetchOnWindowFocus: true });
}

import { useListPage, type ListPageQuery } from '@printpool/platform';

/** docs/product.md §3 PullTicket; items arrive as an array or as JSON text (normalizeLineItems of @printpool/domain reads both). */
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
  bulkPoId?: number | null;
  salesOrderId?: number | null;
  status: string;
  notes?: string | null;
  shipByDate?: string | null;
  items?: unknown;
  /** What the vendor's approval recorded: its notes and the proof (a path under /api/attachments/). */
  approvalNotes?: string | null;
  attachmentPath?: string | null;
  shippedAt?: string | null;
  carrier?: string | null;
  trackingNumber?: string | null;
  createdAt: string;
  updatedAt?: string | null;
}

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

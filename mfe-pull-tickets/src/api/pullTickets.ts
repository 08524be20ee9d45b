import { useQuery } from '@tanstack/react-query';

export interface PullTicket {
  id: string | number;
  ptNumber: string;
  soNumber: string | null;
  customerName: string | null;
  vendorName: string | null;
  status: string;
  items: { qty?: number }[] | string | null;
  createdAt: string;
}

export const PULL_TICKETS_KEY = ['/api/pull-tickets'];

/** The one list that refreshes on its own: vendors change tickets while the page is open. */
export function usePullTickets() {
  return useQuery<PullTicket[]>({ queryKey: PULL_TICKETS_KEY, refetchOnMount: 'always', refetchOnWindowFocus: 'always' });
}

/** Items arrive as an array or as JSON text; unreadable text counts as no items. */
export function totalQuantity(items: PullTicket['items']): number {
  let list: { qty?: number }[] = [];
  try {
    list = typeof items === 'string' ? (JSON.parse(items) as { qty?: number }[]) : (items ?? []);
  } catch {
    list = [];
  }
  return list.reduce((sum, item) => sum + (Number(item.qty) || 0), 0);
}

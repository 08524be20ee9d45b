import { useNotifiedMutation, type Notice } from '@printpool/platform';
import { PULL_TICKETS_KEY } from './pullTickets.js';

interface Options<TVariables, TData> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The success toast; a function when it depends on what was sent or answered. */
  success: string | ((variables: TVariables, data: TData) => string | Notice);
  /** The failure toast's title (docs/product.md §8); the server's message, when it gives one, is its description. */
  failure: string;
}

/** A pull-ticket action: the pull tickets refreshed after it, its toasts worded as the ticket actions word them. */
export function usePullTicketMutation<TVariables, TData = unknown>({ mutationFn, success, failure }: Options<TVariables, TData>) {
  return useNotifiedMutation({
    mutationFn,
    invalidates: [PULL_TICKETS_KEY],
    success: (variables: TVariables, data: TData) => {
      const notice = typeof success === 'function' ? success(variables, data) : success;
      return typeof notice === 'string' ? { title: notice } : notice;
    },
    failure: { title: failure },
  });
}

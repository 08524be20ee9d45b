import { useNotifiedMutation } from '@printpool/platform';
import { PULL_TICKETS_KEY } from './pullTickets.js';

interface Options<TVariables> {
  mutationFn: (variables: TVariables) => Promise<unknown>;
  /** The success toast; a function when it depends on what was sent. */
  success: string | ((variables: TVariables) => string);
  /** The failure toast's title (docs/product.md §8); the server's message, when it gives one, is its description. */
  failure: string;
}

/** A pull-ticket action: the pull tickets refreshed after it, its toasts worded as the ticket actions word them. */
export function usePullTicketMutation<TVariables>({ mutationFn, success, failure }: Options<TVariables>) {
  return useNotifiedMutation({
    mutationFn,
    invalidates: [PULL_TICKETS_KEY],
    success: (variables: TVariables) => ({ title: typeof success === 'function' ? success(variables) : success }),
    failure: { title: failure },
  });
}

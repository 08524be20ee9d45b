import { failureMessage, invalidateAfterMutation, unlessUnauthorized, useToast } from '@printpool/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PULL_TICKETS_KEY } from './pullTickets.js';

interface Options<TVariables> {
  mutationFn: (variables: TVariables) => Promise<unknown>;
  /** The success toast; a function when it depends on what was sent. */
  success: string | ((variables: TVariables) => string);
  /** The failure toast's title (docs/product.md §8); the server's message, when it gives one, is its description. */
  failure: string;
}

/**
 * A pull-ticket action with the product's feedback: a success toast and a refreshed list, or a
 * destructive toast. A 401 gets no toast of its own: the platform's sign-in redirect announces it.
 */
export function usePullTicketMutation<TVariables>({ mutationFn, success, failure }: Options<TVariables>) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (_, variables) => {
      toast({ title: typeof success === 'function' ? success(variables) : success });
      await invalidateAfterMutation(queryClient, PULL_TICKETS_KEY);
    },
    onError: unlessUnauthorized((error) => toast({ title: failure, description: failureMessage(error, '') || undefined, variant: 'destructive' })),
  });
}

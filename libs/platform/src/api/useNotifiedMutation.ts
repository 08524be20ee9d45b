import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useToast, type ToastVariant } from '../toast/useToast.js';
import { unlessUnauthorized } from './apiRequest.js';
import { failureMessage } from './failureMessage.js';
import { invalidateAfterMutation } from './invalidate.js';

/** A toast's words: its title, and a line under it. */
export interface Notice {
  title: string;
  description?: string;
  /** A success toast that tells of something still to happen (an e-mail queued) is 'info'. */
  variant?: Exclude<ToastVariant, 'destructive'>;
}

export interface NotifiedMutationOptions<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The lists the action changes, refreshed once it succeeded (with the dashboard and the log: invalidateAfterMutation). */
  invalidates?: readonly QueryKey[];
  /** The success toast, when the action has one; a function when it depends on what was sent or answered. */
  success?: Notice | ((variables: TVariables, data: TData) => Notice);
  /**
   * The failure toast (docs/product.md §8): its title, and the server's own message under it, or
   * `fallback` when the server gave none; a function for an action whose failures differ.
   */
  failure: { title: string; fallback?: string; gone?: string } | ((error: unknown) => Notice);
}

/**
 * A user's action with the product's feedback: a success toast and refreshed lists, or a
 * destructive toast. A 401 gets no toast of its own: the platform's sign-in redirect announces it.
 */
export function useNotifiedMutation<TData, TVariables = void>({ mutationFn, invalidates = [], success, failure }: NotifiedMutationOptions<TData, TVariables>) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      if (success) toast(typeof success === 'function' ? success(variables, data) : success);
      await invalidateAfterMutation(queryClient, ...invalidates);
    },
    onError: unlessUnauthorized((error: unknown) => {
      const notice =
        typeof failure === 'function'
          ? failure(error)
          : { title: failure.title, description: failureMessage(error, failure.fallback ?? '', failure.gone) || undefined };
      toast({ ...notice, variant: 'destructive' });
    }),
  });
}

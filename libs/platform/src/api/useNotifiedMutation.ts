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
  /**
   * The lists the action changes, refreshed once it succeeded (with the dashboard and the log:
   * invalidateAfterMutation); null for an action whose answer changes nothing yet (a link to
   * follow, a background run started, which its own tracker refreshes when it ends).
   */
  invalidates?: readonly QueryKey[] | null;
  /** The success toast, when the action has one; a function when it depends on what was sent or answered (none when it answers nothing). */
  success?: Notice | ((variables: TVariables, data: TData) => Notice | undefined);
  /**
   * The failure toast (docs/product.md §8): its title, and the server's own message under it, or
   * `fallback` when the server gave none; a function for an action whose failures differ.
   */
  failure: { title: string; fallback?: string; gone?: string } | ((error: unknown) => Notice);
  /** As the action starts (a notice that the page is about to leave). */
  onMutate?: (variables: TVariables) => unknown;
  /** What else a success does, after its toast and before the lists are refreshed (follow a link). */
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  /** What follows however the action ended (a list that shows its outcome either way). */
  onSettled?: (variables: TVariables) => unknown;
}

/**
 * A user's action with the product's feedback: a success toast and refreshed lists, or a
 * destructive toast. A 401 gets no toast of its own: the platform's sign-in redirect announces it.
 */
export function useNotifiedMutation<TData, TVariables = void>({
  mutationFn,
  invalidates = [],
  success,
  failure,
  onMutate,
  onSuccess,
  onSettled,
}: NotifiedMutationOptions<TData, TVariables>) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate,
    onSuccess: async (data, variables) => {
      const notice = typeof success === 'function' ? success(variables, data) : success;
      if (notice) toast(notice);
      await onSuccess?.(data, variables);
      if (invalidates) await invalidateAfterMutation(queryClient, ...invalidates);
    },
    onError: unlessUnauthorized((error: unknown) => {
      const notice =
        typeof failure === 'function'
          ? failure(error)
          : { title: failure.title, description: failureMessage(error, failure.fallback ?? '', failure.gone) || undefined };
      toast({ ...notice, variant: 'destructive' });
    }),
    onSettled: async (_data, _error, variables) => {
      await onSettled?.(variables);
    },
  });
}

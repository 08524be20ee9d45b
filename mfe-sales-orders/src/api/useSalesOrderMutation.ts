import { failureMessage, invalidateAfterMutation, unlessUnauthorized, useToast } from '@printpool/platform';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { SALES_ORDERS_KEY } from './salesOrders.js';

interface Options<TVariables> {
  mutationFn: (variables: TVariables) => Promise<unknown>;
  success: string;
  failure: string;
  failureTitle?: string;
  /** Other lists the action changes, besides the sales orders. */
  alsoInvalidates?: QueryKey[];
}

/**
 * A sales-order action with the product's feedback: a success toast and refreshed lists, or a
 * destructive toast with the server's message. A 401 gets no toast of its own: the platform's
 * sign-in redirect announces it.
 */
export function useSalesOrderMutation<TVariables>({ mutationFn, success, failure, failureTitle = 'Error', alsoInvalidates = [] }: Options<TVariables>) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      toast({ title: success });
      await invalidateAfterMutation(queryClient, SALES_ORDERS_KEY, ...alsoInvalidates);
    },
    onError: unlessUnauthorized((error) => toast({ title: failureTitle, description: failureMessage(error, failure), variant: 'destructive' })),
  });
}

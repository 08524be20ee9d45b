import { useNotifiedMutation } from '@printpool/platform';
import type { QueryKey } from '@tanstack/react-query';
import { SALES_ORDERS_KEY } from './salesOrders.js';

interface Options<TVariables> {
  mutationFn: (variables: TVariables) => Promise<unknown>;
  success: string;
  /** What the failure toast says when the server gives no message of its own. */
  failure: string;
  failureTitle?: string;
  /** Other lists the action changes, besides the sales orders. */
  alsoInvalidates?: QueryKey[];
}

/** A sales-order action: the sales orders (and `alsoInvalidates`) refreshed after it, its toasts worded as the order actions word them. */
export function useSalesOrderMutation<TVariables>({ mutationFn, success, failure, failureTitle = 'Error', alsoInvalidates = [] }: Options<TVariables>) {
  return useNotifiedMutation({
    mutationFn,
    invalidates: [SALES_ORDERS_KEY, ...alsoInvalidates],
    success: { title: success },
    failure: { title: failureTitle, fallback: failure },
  });
}

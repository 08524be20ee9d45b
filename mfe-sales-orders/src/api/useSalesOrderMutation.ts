import { useNotifiedMutation, type Notice } from '@printpool/platform';
import type { QueryKey } from '@tanstack/react-query';
import { SALES_ORDERS_KEY } from './salesOrders.js';

interface Options<TVariables, TData> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The success toast's title; a function when it depends on what was answered. */
  success: string | ((data: TData) => Notice);
  /** What the failure toast says when the server gives no message of its own. */
  failure: string;
  failureTitle?: string;
  /** What the failure toast says when the order is gone (404): deleted since the page read it. */
  gone?: string;
  /** Other lists the action changes, besides the sales orders. */
  alsoInvalidates?: QueryKey[];
}

/** A sales-order action: the sales orders (and `alsoInvalidates`) refreshed after it, its toasts worded as the order actions word them. */
export function useSalesOrderMutation<TVariables, TData = unknown>({
  mutationFn,
  success,
  failure,
  failureTitle = 'Error',
  gone,
  alsoInvalidates = [],
}: Options<TVariables, TData>) {
  return useNotifiedMutation({
    mutationFn,
    invalidates: [SALES_ORDERS_KEY, ...alsoInvalidates],
    success: (_variables: TVariables, data: TData) => (typeof success === 'function' ? success(data) : { title: success }),
    failure: { title: failureTitle, fallback: failure, gone },
  });
}

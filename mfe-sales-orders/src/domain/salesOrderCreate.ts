import type { RouteInput } from '@printpool/contracts';
import { toFormBody, type SalesOrderFormValues } from './salesOrderUpdate.js';

/** The body of POST /api/sales-orders: the edit form's body with the number the broker typed, and no id yet. */
export type SalesOrderCreateBody = RouteInput<'post /api/sales-orders'>['body'];

export interface NewSalesOrderFormValues extends SalesOrderFormValues {
  soNumber: string;
  /** One a broker may set: 'processing' comes only from QuickBooks. */
  status: SalesOrderCreateBody['status'];
}

export function toCreateBody(values: NewSalesOrderFormValues): SalesOrderCreateBody {
  // The status again, as the new order's narrower type: toFormBody takes any order's.
  return { soNumber: values.soNumber.trim(), ...toFormBody(values), status: values.status };
}

import { toFormBody, type SalesOrderFormValues, type SalesOrderUpdateBody } from './salesOrderUpdate.js';

export interface NewSalesOrderFormValues extends SalesOrderFormValues {
  soNumber: string;
}

/** The body of POST /api/sales-orders: the edit form's body with the number the broker typed, and no id yet. */
export type SalesOrderCreateBody = Omit<SalesOrderUpdateBody, 'id'> & { soNumber: string };

export function toCreateBody(values: NewSalesOrderFormValues): SalesOrderCreateBody {
  return { soNumber: values.soNumber.trim(), ...toFormBody(values) };
}

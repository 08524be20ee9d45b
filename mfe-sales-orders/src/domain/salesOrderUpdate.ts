import type { RouteInput } from '@printpool/contracts';
import { goodsCommitted, sumQuantities, toMoneyString, UNIT_PRICE_DECIMALS, type SalesOrderStatus } from '@printpool/domain';

/** A line as the edit form holds it; lineId, description and sku ride along unchanged. */
export interface EditableLine {
  lineId?: string | null;
  itemId?: string | null;
  itemName?: string | null;
  quantity?: number | null;
  unitPrice?: number | null;
  description?: string | null;
  sku?: string | null;
}

export interface SalesOrderFormValues {
  customerName: string;
  customerEmail?: string | null;
  status: SalesOrderStatus;
  bulkPoId?: string | number | null;
  items?: EditableLine[];
}

/** The body of PUT /api/sales-orders/{id} (docs/product.md §7), which names the order's id as its path does. */
export type SalesOrderUpdateBody = RouteInput<'put /api/sales-orders/:id'>['body'] & { id: number };

/** A line's amount as QuickBooks computes it: quantity × exact unit price, to the cent. */
export function lineTotal(line: EditableLine): number {
  return Number(toMoneyString((line.quantity ?? 0) * (line.unitPrice ?? 0)));
}

/** QuickBooks keeps seven decimals of a unit price and would silently cut any further ones. */
export function fitsUnitPricePrecision(price: number): boolean {
  return Number(price.toFixed(UNIT_PRICE_DECIMALS)) === price;
}

export function toUpdateBody(id: number, values: SalesOrderFormValues): SalesOrderUpdateBody {
  return { id, ...toFormBody(values) };
}

/**
 * The form's fields as an edit and a new order send them. Unit prices go out exactly as held or
 * typed (sub-cent prices are normal in print); line totals are cents and the order total is their
 * sum, as QuickBooks adds them. A bulk PO is sent for an active order, which draws from it, and for
 * one whose goods have left it (processing, completed): a status change never gives its units back.
 */
export function toFormBody(values: SalesOrderFormValues): Omit<SalesOrderUpdateBody, 'id'> {
  const items = (values.items ?? []).map((line) => ({
    lineId: line.lineId ?? null,
    itemId: line.itemId?.trim() || null,
    itemName: line.itemName?.trim() || null,
    quantity: line.quantity ?? 0,
    unitPrice: line.unitPrice ?? 0,
    totalPrice: lineTotal(line),
    description: line.description ?? null,
    sku: line.sku ?? null,
  }));
  return {
    customerName: values.customerName.trim(),
    customerEmail: values.customerEmail?.trim() ?? '',
    status: values.status,
    bulkPoId: values.status === 'active' || goodsCommitted(values.status) ? (values.bulkPoId ?? null) : null,
    totalQuantity: sumQuantities(items, (line) => line.quantity),
    totalAmount: toMoneyString(items.reduce((sum, line) => sum + line.totalPrice, 0)),
    items: JSON.stringify(items),
  };
}

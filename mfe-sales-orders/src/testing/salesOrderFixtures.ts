import { toMoneyString } from '@printpool/domain';
import type { SalesOrderItem } from '@printpool/contracts';
import type { SalesOrder } from '../api/salesOrders.js';

/** A sales order as svc-inventory answers it: a manual order never synced, without lines, then `fields`. */
export function salesOrder(fields: Partial<SalesOrder> & Pick<SalesOrder, 'id' | 'soNumber'>): SalesOrder {
  return {
    customerName: 'Harbor Dental',
    customerEmail: null,
    status: 'pending',
    bulkPoId: null,
    bulkPoNumber: null,
    items: [],
    totalQuantity: 0,
    totalAmount: '0.00',
    subtotal: null,
    discount: null,
    tax: null,
    currency: null,
    syncStatus: null,
    syncError: null,
    qbId: null,
    allocationNote: null,
    billAddress: null,
    shipAddress: null,
    orderDate: null,
    terms: null,
    shipMethod: null,
    customerPoNumber: null,
    descriptionLines: [],
    fulfilment: null,
    deletedInQuickbooksAt: null,
    version: 'v1',
    createdAt: '2026-03-02T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    ...fields,
  };
}

/** A line sold alone, its total to the cent as QuickBooks computes it, then `fields`. */
export function salesOrderItem(fields: Partial<SalesOrderItem> & Pick<SalesOrderItem, 'itemId' | 'quantity' | 'unitPrice'>): SalesOrderItem {
  return {
    lineId: null,
    itemName: null,
    description: null,
    sku: null,
    bundle: null,
    totalPrice: Number(toMoneyString(fields.quantity * fields.unitPrice)),
    ...fields,
  };
}

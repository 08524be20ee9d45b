import { obj, str, type QboDocument } from './qboDocument.js';

/** The sales order fields write-back reads from svc-inventory's GET /api/sales-orders/:id. */
export interface SalesOrderToWrite {
  id: number;
  soNumber: string;
  customerName: string;
  customerEmail: string | null;
  qbId: string | null;
  items: Array<{ itemId: string | null; quantity: number; unitPrice: number; totalPrice: number; description: string | null }>;
}

type QboBody = Record<string, unknown>;

const roundMoney = (value: number) => Math.round(value * 100) / 100;

/**
 * The order's lines as estimate lines. A line without a QuickBooks item keeps only its text
 * (QBO needs an item to price a sales line). Amount is sent so QBO keeps the order's figures.
 */
export function estimateLines(order: SalesOrderToWrite): QboBody[] {
  return order.items
    .filter((item) => item.itemId || item.description)
    .map((item) =>
      item.itemId
        ? {
            DetailType: 'SalesItemLineDetail',
            Amount: roundMoney(item.quantity * item.unitPrice),
            ...(item.description ? { Description: item.description } : {}),
            SalesItemLineDetail: { ItemRef: { value: item.itemId }, Qty: item.quantity, UnitPrice: item.unitPrice },
          }
        : { DetailType: 'DescriptionOnly', Description: item.description, DescriptionLineDetail: {} },
    );
}

/**
 * Sparse update of the estimate the order came from: its lines (a sparse Line replaces every
 * line) and the bill-to e-mail when the order's differs. `current` supplies Id and SyncToken.
 */
export function estimateUpdate(order: SalesOrderToWrite, current: QboDocument): QboBody {
  const body: QboBody = { Id: current.Id, SyncToken: current.SyncToken, sparse: true, Line: estimateLines(order) };
  const email = order.customerEmail?.trim() || null;
  if (email && email !== str(obj(current.BillEmail)?.Address)) body.BillEmail = { Address: email };
  return body;
}

/** A new estimate for a manual order, numbered as the order, for the customer QuickBooks knows by that name. */
export function newEstimate(order: SalesOrderToWrite, customerQbId: string): QboBody {
  const email = order.customerEmail?.trim() || null;
  return {
    DocNumber: order.soNumber,
    CustomerRef: { value: customerQbId },
    Line: estimateLines(order),
    ...(email ? { BillEmail: { Address: email } } : {}),
  };
}

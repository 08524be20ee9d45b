import type { AccountingEstimate, AccountingLine, AccountingPurchaseOrder } from '@printpool/contracts';
import { mapAddress } from './mapAddress.js';
import { num, obj, str, updatedAt, wrapped, type QboDocument } from './qboDocument.js';

const ESTIMATE_STATUSES = new Set(['Pending', 'Accepted', 'Closed', 'Rejected']);

/**
 * Item lines only: sub-total, discount and description-only lines carry no item detail and
 * are not goods a broker allocates.
 */
export function mapLines(value: unknown): AccountingLine[] {
  if (!Array.isArray(value)) return [];
  const lines: AccountingLine[] = [];
  value.forEach((raw, index) => {
    const line = obj(raw);
    const detail = obj(line?.ItemBasedExpenseLineDetail) ?? obj(line?.SalesItemLineDetail);
    if (!line || !detail) return;
    const itemRef = obj(detail.ItemRef);
    lines.push({
      lineId: str(line.Id) ?? String(index + 1),
      itemQbId: str(itemRef?.value),
      itemName: str(itemRef?.name),
      description: str(line.Description),
      qty: num(detail.Qty),
      unitPrice: num(detail.UnitPrice),
      amount: num(line.Amount),
    });
  });
  return lines;
}

export function mapPurchaseOrder(doc: QboDocument): AccountingPurchaseOrder {
  const vendor = obj(doc.VendorRef);
  return {
    qbId: doc.Id,
    docNumber: str(doc.DocNumber),
    vendorQbId: str(vendor?.value),
    vendorName: str(vendor?.name),
    vendorEmail: wrapped(doc.POEmail, 'Address'),
    status: doc.POStatus === 'Closed' ? 'closed' : 'open',
    txnDate: str(doc.TxnDate),
    totalAmount: num(doc.TotalAmt),
    shipAddress: mapAddress(doc.ShipAddr),
    memo: str(doc.Memo),
    lines: mapLines(doc.Line),
    syncToken: str(doc.SyncToken) ?? '0',
    qbUpdatedAt: updatedAt(doc),
  };
}

export function mapEstimate(doc: QboDocument): AccountingEstimate {
  const customer = obj(doc.CustomerRef);
  const status = str(doc.TxnStatus);
  return {
    qbId: doc.Id,
    docNumber: str(doc.DocNumber),
    customerQbId: str(customer?.value),
    customerName: str(customer?.name),
    customerEmail: wrapped(doc.BillEmail, 'Address'),
    // QBO leaves TxnStatus unset on estimates nobody has acted on yet.
    txnStatus: status && ESTIMATE_STATUSES.has(status) ? (status as AccountingEstimate['txnStatus']) : 'Pending',
    txnDate: str(doc.TxnDate),
    expirationDate: str(doc.ExpirationDate),
    totalAmount: num(doc.TotalAmt),
    shipAddress: mapAddress(doc.ShipAddr),
    billAddress: mapAddress(doc.BillAddr),
    memo: wrapped(doc.CustomerMemo, 'value') ?? str(doc.PrivateNote),
    lines: mapLines(doc.Line),
    syncToken: str(doc.SyncToken) ?? '0',
    qbUpdatedAt: updatedAt(doc),
  };
}

import type { AccountingEstimate, AccountingPurchaseOrder } from '@printpool/contracts';
import { documentTotals, mapLines } from './mapLines.js';
import { mapAddress } from './mapAddress.js';
import { num, obj, str, updatedAt, wrapped, type QboDocument } from './qboDocument.js';

const ESTIMATE_STATUSES = new Set(['Pending', 'Accepted', 'Closed', 'Rejected']);

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
    totals: documentTotals(doc),
    currency: wrapped(doc.CurrencyRef, 'value'),
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
    totals: documentTotals(doc),
    currency: wrapped(doc.CurrencyRef, 'value'),
    shipAddress: mapAddress(doc.ShipAddr),
    billAddress: mapAddress(doc.BillAddr),
    memo: wrapped(doc.CustomerMemo, 'value') ?? str(doc.PrivateNote),
    lines: mapLines(doc.Line),
    syncToken: str(doc.SyncToken) ?? '0',
    qbUpdatedAt: updatedAt(doc),
  };
}

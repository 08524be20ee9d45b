import type { AccountingEstimate, AccountingPurchaseOrder } from '@printpool/contracts';
import { documentTotals, mapDescriptionLines, mapLines } from './mapLines.js';
import { mapAddress } from './mapAddress.js';
import { num, obj, str, updatedAt, wrapped, type QboDocument } from './qboDocument.js';

const ESTIMATE_STATUSES = new Set(['Pending', 'Accepted', 'Closed', 'Rejected']);

export function mapPurchaseOrder(doc: QboDocument, terms: TermNames = new Map()): AccountingPurchaseOrder {
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
    terms: termName(doc.SalesTermRef, terms),
    memo: str(doc.Memo),
    lines: mapLines(doc.Line),
    syncToken: str(doc.SyncToken) ?? '0',
    qbUpdatedAt: updatedAt(doc),
  };
}

/** A reference's name ('UPS Ground'), else its id: Intuit names ShipMethodRef by its value alone, which is the method's name. */
function refName(value: unknown): string | null {
  const ref = obj(value);
  return str(ref?.name) ?? str(ref?.value);
}

/**
 * QuickBooks has no field for the customer's own PO number on an estimate; companies keep it
 * in a sales-form custom field they name 'P.O. Number', 'PO #', 'Customer PO' or the like.
 */
const CUSTOMER_PO_FIELD = /^\s*(customer\s*)?(p\.?\s*o\.?|purchase\s*order)\s*(#|no\.?|num(ber)?)?\s*$/i;

function customerPoNumber(fields: unknown): string | null {
  if (!Array.isArray(fields)) return null;
  for (const field of fields) {
    const custom = obj(field);
    if (custom && CUSTOMER_PO_FIELD.test(str(custom.Name) ?? '')) {
      const value = str(custom.StringValue)?.trim();
      if (value) return value;
    }
  }
  return null;
}

/** Names of the company's payment terms by Id (QuickBooks' Term list), for refs that carry only the Id. */
export type TermNames = ReadonlyMap<string, string>;

/**
 * SalesTermRef by name ('Net 15'). Intuit often sends the ref as its Id alone, and an Id means
 * nothing on paper ('Terms: 2'), so an Id the Term list does not name gives no terms at all.
 */
function termName(value: unknown, terms: TermNames): string | null {
  const ref = obj(value);
  const id = str(ref?.value);
  return str(ref?.name) ?? (id ? (terms.get(id) ?? null) : null);
}

export function mapEstimate(doc: QboDocument, terms: TermNames = new Map()): AccountingEstimate {
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
    shipMethod: refName(doc.ShipMethodRef),
    terms: termName(doc.SalesTermRef, terms),
    customerPoNumber: customerPoNumber(doc.CustomField),
    memo: wrapped(doc.CustomerMemo, 'value') ?? str(doc.PrivateNote),
    lines: mapLines(doc.Line),
    descriptionLines: mapDescriptionLines(doc.Line),
    syncToken: str(doc.SyncToken) ?? '0',
    qbUpdatedAt: updatedAt(doc),
  };
}

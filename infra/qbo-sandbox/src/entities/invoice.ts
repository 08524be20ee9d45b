import { qboDate } from '../clock.js';
import { faults } from '../api/faults.js';
import { queryFields, refValue, type EntityDefinition } from './definition.js';
import { prepareSalesTransaction } from './sales.js';

const DAY = 86_400_000;

/**
 * Invoices: sales lines, tax and discount as on estimates, plus DueDate (from the sales term),
 * Balance (nothing is paid in the sandbox) and `LinkedTxn` to the estimate it came from.
 */
export const invoice: EntityDefinition = {
  name: 'Invoice',
  path: 'invoice',
  nameList: false,
  fields: queryFields({
    DocNumber: 'string',
    TxnDate: 'date',
    DueDate: 'date',
    CustomerRef: 'ref',
    TotalAmt: 'number',
    Balance: 'number',
  }),
  prepare(draft, ctx) {
    const customer = prepareSalesTransaction(draft, ctx);
    draft.TxnDate ??= qboDate(ctx.now);
    draft.SalesTermRef ??= customer.SalesTermRef;
    const term = refValue(draft.SalesTermRef) ? ctx.lookup('Term', refValue(draft.SalesTermRef)!) : undefined;
    const dueDays = typeof term?.DueDays === 'number' ? term.DueDays : 0;
    draft.DueDate ??= qboDate(Date.parse(`${String(draft.TxnDate)}T12:00:00Z`) + dueDays * DAY);
    draft.Balance = draft.TotalAmt;
    draft.Deposit ??= 0;
    draft.AllowOnlineCreditCardPayment ??= false;
    draft.AllowOnlineACHPayment ??= false;
    if (draft.LinkedTxn !== undefined && !Array.isArray(draft.LinkedTxn)) throw faults.malformedRequest('LinkedTxn');
    for (const link of (draft.LinkedTxn as { TxnId?: unknown; TxnType?: unknown }[] | undefined) ?? []) {
      if (link.TxnType === 'Estimate' && !ctx.lookup('Estimate', String(link.TxnId))) {
        throw faults.invalidReference(`Estimate ${String(link.TxnId)} was not found or has been deleted`, 'LinkedTxn');
      }
    }
  },
};

/** What QBO's "Create invoice" copies from an estimate; the invoice links to the estimate. */
export function invoiceFrom(estimateData: Record<string, unknown>): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(estimateData)) as Record<string, unknown>;
  for (const key of [
    'Id',
    'SyncToken',
    'MetaData',
    'domain',
    'sparse',
    'TxnStatus',
    'AcceptedBy',
    'AcceptedDate',
    'ExpirationDate',
    'LinkedTxn',
    'TotalAmt',
    'HomeTotalAmt',
    'EmailStatus',
    'DeliveryInfo',
    'TxnDate',
  ])
    delete copy[key];
  copy.Line = (copy.Line as Record<string, unknown>[]).filter((line) => line.DetailType !== 'SubTotalLineDetail');
  return { ...copy, LinkedTxn: [{ TxnId: estimateData.Id, TxnType: 'Estimate' }], EmailStatus: 'NotSet' };
}

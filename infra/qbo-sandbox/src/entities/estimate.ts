import { qboDate } from '../clock.js';
import { faults } from '../api/faults.js';
import { queryFields, type EntityDefinition } from './definition.js';
import { linesTotal, prepareItemLines, resolveRef } from './lines.js';

const TXN_STATUSES = new Set(['Pending', 'Accepted', 'Closed', 'Rejected', 'Converted']);

export const estimate: EntityDefinition = {
  name: 'Estimate',
  path: 'estimate',
  nameList: false,
  fields: queryFields({
    DocNumber: 'string',
    TxnDate: 'date',
    ExpirationDate: 'date',
    CustomerRef: 'ref',
    TxnStatus: 'string',
    TotalAmt: 'number',
  }),
  prepare(draft, ctx) {
    const customerData = resolveRef(draft, 'CustomerRef', 'Customer', ctx, (found) => found.DisplayName);
    const lines = prepareItemLines(draft, 'SalesItemLineDetail', ctx);
    const total = linesTotal(lines);
    // QBO returns a computed subtotal line after the item lines.
    draft.Line = [...lines, { Amount: total, DetailType: 'SubTotalLineDetail', SubTotalLineDetail: {} }];
    draft.TotalAmt = total;
    draft.TxnStatus ??= 'Pending';
    if (!TXN_STATUSES.has(String(draft.TxnStatus))) {
      throw faults.businessValidation(`Invalid TxnStatus ${String(draft.TxnStatus)}`, 'TxnStatus');
    }
    draft.TxnDate ??= qboDate(ctx.now);
    // Without addresses QBO copies the customer's.
    draft.BillAddr ??= customerData.BillAddr;
    draft.ShipAddr ??= customerData.ShipAddr ?? customerData.BillAddr;
    draft.BillEmail ??= customerData.PrimaryEmailAddr;
    draft.TxnTaxDetail ??= { TotalTax: 0 };
    draft.ApplyTaxAfterDiscount ??= false;
    draft.PrintStatus ??= 'NeedToPrint';
    draft.EmailStatus ??= 'NotSet';
    draft.CurrencyRef ??= { value: 'USD', name: 'United States Dollar' };
  },
};

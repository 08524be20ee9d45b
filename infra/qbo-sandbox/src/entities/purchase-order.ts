import { qboDate } from '../clock.js';
import { faults } from '../api/faults.js';
import { queryFields, type EntityDefinition } from './definition.js';
import { linesTotal, preparePurchaseLines, qualifiedName, resolveRef } from './lines.js';
import { applyCurrency } from './sales.js';

const PO_STATUSES = new Set(['Open', 'Closed']);

export const purchaseOrder: EntityDefinition = {
  name: 'PurchaseOrder',
  path: 'purchaseorder',
  nameList: false,
  fields: queryFields({
    DocNumber: 'string',
    TxnDate: 'date',
    VendorRef: 'ref',
    POStatus: 'string',
    TotalAmt: 'number',
  }),
  prepare(draft, ctx) {
    const vendorData = resolveRef(draft, 'VendorRef', 'Vendor', ctx, qualifiedName);
    draft.Line = preparePurchaseLines(draft, ctx);
    draft.TotalAmt = linesTotal(draft.Line as Record<string, unknown>[]);
    draft.POStatus ??= 'Open';
    if (!PO_STATUSES.has(String(draft.POStatus))) {
      throw faults.businessValidation(`Invalid POStatus ${String(draft.POStatus)}`, 'POStatus');
    }
    draft.TxnDate ??= qboDate(ctx.now);
    draft.APAccountRef ??= { value: '33', name: 'Accounts Payable (A/P)' };
    draft.EmailStatus ??= 'NotSet';
    draft.PrintStatus ??= 'NotSet';
    applyCurrency(draft, vendorData);
  },
};

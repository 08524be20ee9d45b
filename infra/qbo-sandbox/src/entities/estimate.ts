import { qboDate } from '../clock.js';
import { faults } from '../api/faults.js';
import { queryFields, type EntityDefinition } from './definition.js';
import { prepareSalesTransaction } from './sales.js';

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
    prepareSalesTransaction(draft, ctx);
    draft.TxnStatus ??= 'Pending';
    if (!TXN_STATUSES.has(String(draft.TxnStatus))) {
      throw faults.businessValidation(`Invalid TxnStatus ${String(draft.TxnStatus)}`, 'TxnStatus');
    }
    draft.TxnDate ??= qboDate(ctx.now);
  },
};

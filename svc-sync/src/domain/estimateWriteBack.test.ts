import { describe, expect, it } from '@jest/globals';
import { estimateLines, estimateUpdate, newEstimate, type SalesOrderToWrite } from './estimateWriteBack.js';

const order: SalesOrderToWrite = {
  id: 7,
  soNumber: 'SO-7-BL',
  customerName: 'Acme Marketing',
  customerEmail: 'buyer@acme.test',
  qbId: '50',
  items: [
    { itemId: '12', quantity: 3, unitPrice: 0.335, totalPrice: 1.01, description: 'Flyers, gloss' },
    { itemId: null, quantity: 0, unitPrice: 0, totalPrice: 0, description: 'Deliver by Friday' },
    { itemId: null, quantity: 1, unitPrice: 5, totalPrice: 5, description: null },
  ],
};

describe('estimate write-back', () => {
  it('turns item lines into priced sales lines and keeps text-only lines as descriptions', () => {
    expect(estimateLines(order)).toEqual([
      { DetailType: 'SalesItemLineDetail', Amount: 1.01, Description: 'Flyers, gloss', SalesItemLineDetail: { ItemRef: { value: '12' }, Qty: 3, UnitPrice: 0.335 } },
      { DetailType: 'DescriptionOnly', Description: 'Deliver by Friday', DescriptionLineDetail: {} },
    ]);
  });

  it('updates sparsely with the current SyncToken, sending the e-mail only when it changed', () => {
    const current = { Id: '50', SyncToken: '4', BillEmail: { Address: 'buyer@acme.test' }, DocNumber: 'SO-7-BL' };
    expect(estimateUpdate(order, current)).toEqual({ Id: '50', SyncToken: '4', sparse: true, Line: estimateLines(order) });
    expect(estimateUpdate({ ...order, customerEmail: 'new@acme.test' }, current).BillEmail).toEqual({ Address: 'new@acme.test' });
  });

  it('creates an estimate numbered as the order for the matched customer', () => {
    expect(newEstimate({ ...order, customerEmail: null }, '9')).toEqual({ DocNumber: 'SO-7-BL', CustomerRef: { value: '9' }, Line: estimateLines(order) });
  });
});

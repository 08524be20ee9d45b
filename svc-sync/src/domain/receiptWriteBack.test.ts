import { describe, expect, it } from '@jest/globals';
import type { ReceiptToWrite } from '@printpool/contracts';
import { planReceiptWrite } from './receiptWriteBack.js';
import type { QboDocument } from './qboDocument.js';

const itemLine = (id: string, itemId: string, qty: number, unitPrice: number) => ({
  Id: id,
  LineNum: Number(id),
  Description: `Run of item ${itemId}`,
  Amount: Math.round(qty * unitPrice * 100) / 100,
  DetailType: 'ItemBasedExpenseLineDetail',
  ItemBasedExpenseLineDetail: { ItemRef: { value: itemId }, Qty: qty, UnitPrice: unitPrice, ClassRef: { value: '5' }, BillableStatus: 'NotBillable' },
});

const current: QboDocument = {
  Id: '41',
  SyncToken: '3',
  DocNumber: '4001-BL',
  Line: [
    itemLine('1', '7', 10_000, 0.0941),
    itemLine('2', '8', 5_000, 0.0177),
    { Id: '3', DetailType: 'AccountBasedExpenseLineDetail', Amount: 84.5, AccountBasedExpenseLineDetail: { AccountRef: { value: '90' } } },
  ],
  PrivateNote: 'Keep the plates',
};

const receipt = (lines: ReceiptToWrite['lines'], syncToken = '3'): ReceiptToWrite => ({
  purchaseOrderId: 9,
  poNumber: '4001-BL',
  receiptId: 4,
  qbId: '41',
  syncToken,
  lines,
});

const received = (qbLineId: string, itemId: string, quantityReceived: number, unitPrice: number) => ({
  qbLineId,
  itemId,
  itemName: null,
  quantityReceived,
  unitPrice,
});

describe('planReceiptWrite', () => {
  it("sets the named line's Qty exactly and its Amount to the cent at QuickBooks' unit price, sending every other line as read", () => {
    const plan = planReceiptWrite(receipt([received('1', '7', 10_450.25, 0.0941)]), current);
    expect(plan).toEqual({
      kind: 'update',
      lines: [{ qbLineId: '1', orderedBefore: 10_000 }],
      body: {
        Id: '41',
        SyncToken: '3',
        sparse: true,
        Line: [
          // 10,450.25 × 0.0941 = 983.368525: the cent QuickBooks computes, the price left at its four places.
          {
            ...itemLine('1', '7', 10_000, 0.0941),
            Amount: 983.37,
            ItemBasedExpenseLineDetail: { ...itemLine('1', '7', 0, 0.0941).ItemBasedExpenseLineDetail, Qty: 10_450.25 },
          },
          itemLine('2', '8', 5_000, 0.0177),
          (current.Line as unknown[])[2],
        ],
      },
    });
    // The document read is left as it was.
    expect((current.Line as ReturnType<typeof itemLine>[])[0]!.ItemBasedExpenseLineDetail.Qty).toBe(10_000);
  });

  it('writes nothing when QuickBooks already holds the received quantities', () => {
    expect(planReceiptWrite(receipt([received('1', '7', 10_000, 0.0941), received('2', '8', 5_000, 0.0177)]), current)).toEqual({ kind: 'unchanged' });
  });

  it('is a conflict, writing nothing, on a PO QuickBooks holds at another SyncToken or without the line', () => {
    expect(planReceiptWrite(receipt([received('1', '7', 10_450, 0.0941)], '2'), current)).toEqual({
      kind: 'conflict',
      reason: expect.stringContaining('QuickBooks changed 4001-BL since PrintPool last synced it (SyncToken 3, PrintPool has 2): nothing was written.'),
    });
    expect(planReceiptWrite(receipt([received('9', '7', 10_450, 0.0941)]), current)).toEqual({
      kind: 'conflict',
      reason: '4001-BL in QuickBooks has no line 9 of 7: nothing was written',
    });
  });
});

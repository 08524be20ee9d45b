import type { Knex } from 'knex';
import { conflict, notFound, unprocessable } from '@printpool/service-kit';
import type { ReceiptToWrite, ReceiptWriteBackResult } from '@printpool/contracts';
import { exactQuantity } from '@printpool/domain';
import type { ChangeSet } from '../application/changeSet.js';
import { takePoolLock } from '../ledger/poolLock.js';
import { loadReceipts } from '../read/receipts.js';
import { importPurchaseOrders } from './importPurchaseOrders.js';
import { bulkRun } from './receipts.js';

/** What each outcome of a receipt's write-back is called in the PO's history (docs/product.md §10). */
export const RECEIPT_WRITE_BACK_ACTIONS: Record<ReceiptWriteBackResult['status'], string> = {
  written: 'Receipt written to QuickBooks',
  failed: 'Receipt not written to QuickBooks',
};

const notAsked = (receiptId: number) =>
  unprocessable(`Receipt ${receiptId} was recorded without 'Update the quantities in QuickBooks': nothing of it is written there`, {
    field: 'writeBackToQuickBooks',
  });

/**
 * What svc-sync writes to the QuickBooks PO for a receipt the broker asked to write (docs/product.md
 * §11): each PO line the receipt named, with all that has been received of it so far, on the PO's
 * SyncToken as PrintPool last synced it, the version the write names.
 */
export async function receiptToWrite(knex: Knex, tenantId: string, purchaseOrderId: number, receiptId: number): Promise<ReceiptToWrite> {
  const run = bulkRun(await loadReceipts(knex, tenantId, purchaseOrderId));
  const receipt = run.receipts.receipts.find((candidate) => candidate.id === receiptId);
  if (!receipt) throw notFound('Receipt');
  // Recording refuses to ask it of a PO made here (orders/receipts.ts), so an asked receipt's PO has both.
  if (!receipt.writeBack || run.receipts.qbId === null || run.syncToken === null) throw notAsked(receiptId);
  const rows: {
    qb_line_id: string | null;
    item_qb_id: string;
    item_name: string | null;
    qty_received: string | null;
    unit_price: string | null;
  }[] = await knex('purchase_order_receipt_lines as rl')
    .leftJoin('purchase_order_lines as l', 'l.id', 'rl.purchase_order_line_id')
    .where({ 'rl.tenant_id': tenantId, 'rl.receipt_id': receiptId })
    .orderBy([{ column: 'l.line_no' }, { column: 'rl.id' }])
    .select('l.qb_line_id', 'rl.item_qb_id', 'rl.item_name', 'l.qty_received', 'l.unit_price');
  const lines = rows.map((row) => {
    // QuickBooks removed the line since the receipt (migration 023 keeps the receipt's record of it): its quantity has nowhere to go.
    if (row.qb_line_id === null || row.qty_received === null) {
      throw conflict(`${row.item_name ?? row.item_qb_id} is no longer on ${run.receipts.poNumber} in QuickBooks: nothing of this receipt was written`);
    }
    return {
      qbLineId: row.qb_line_id,
      itemId: row.item_qb_id,
      itemName: row.item_name,
      quantityReceived: exactQuantity(row.qty_received),
      unitPrice: Number(row.unit_price),
    };
  });
  return { purchaseOrderId, poNumber: run.receipts.poNumber, receiptId, qbId: run.receipts.qbId, syncToken: run.syncToken, lines };
}

/**
 * How svc-sync's write of a receipt to the QuickBooks PO went (docs/product.md §11). Written: each
 * line whose Qty the write changed keeps the Qty it replaced as the run's ordered quantity
 * (read/receipts.ts), then the PO takes QuickBooks' answer as an import would, so its lines show
 * the received quantities and its SyncToken the new version at once, and the next sync, bringing
 * the same, changes nothing. The pool holds what was received before and after (POOL_QUANTITY):
 * the write moves no units. Failed: the receipt keeps the reason; the receipt itself stays recorded.
 */
export async function recordReceiptWriteBack(
  trx: Knex.Transaction,
  tenantId: string,
  purchaseOrderId: number,
  receiptId: number,
  result: ReceiptWriteBackResult,
  changes: ChangeSet,
): Promise<void> {
  // The PO's lines take QuickBooks' answer under the pool lock, as every import takes them (events/consumers.ts).
  await takePoolLock(trx, tenantId);
  const receipt: { write_back: string | null } | undefined = await trx('purchase_order_receipts')
    .where({ tenant_id: tenantId, purchase_order_id: purchaseOrderId, id: receiptId })
    .forUpdate()
    .first('write_back');
  if (!receipt) throw notFound('Receipt');
  if (receipt.write_back === null) throw notAsked(receiptId);
  // A second click racing the first finds QuickBooks' SyncToken moved by the first: once QuickBooks holds the received quantities, the receipt stays written.
  if (result.status === 'failed' && receipt.write_back === 'written') return;
  if (result.status === 'written') {
    const po: { qb_id: string | null } = await trx('purchase_orders').where({ tenant_id: tenantId, id: purchaseOrderId }).first('qb_id');
    if (po.qb_id !== result.purchaseOrder.qbId) {
      throw unprocessable(`QuickBooks answered for purchase order ${result.purchaseOrder.qbId}, not ${po.qb_id ?? 'one made in PrintPool'}`);
    }
    for (const line of result.lines) {
      // The first write keeps the order's quantity; a later one replaces a received quantity, not the order.
      await trx('purchase_order_lines')
        .where({ tenant_id: tenantId, purchase_order_id: purchaseOrderId, qb_line_id: line.qbLineId })
        .whereNull('qty_ordered')
        .update({ qty_ordered: line.orderedBefore });
    }
    await importPurchaseOrders(trx, tenantId, [result.purchaseOrder], changes);
  }
  await trx('purchase_order_receipts')
    .where({ tenant_id: tenantId, id: receiptId })
    .update({ write_back: result.status, write_back_reason: result.status === 'failed' ? result.reason : null, write_back_at: trx.fn.now() });
  changes.purchaseOrders.add(purchaseOrderId);
}

import type { Knex } from 'knex';
import { conflict, invalidField, notFound, versionConflict } from '@printpool/service-kit';
import { type ReceiptInput, type ReceiptRecorded, type ReceiptResolutionInput } from '@printpool/contracts';
import { addQuantities, receiptDifference, spreadReceived } from '@printpool/domain';
import type { ChangeSet } from '../application/changeSet.js';
import { takePoolLock } from '../ledger/poolLock.js';
import { DRAWN_ON_LINE, recomputeRemaining } from '../ledger/remainingQuantity.js';
import { loadReceipts, type ReceiptsView } from '../read/receipts.js';
import { markDisturbed, redrawDisturbed } from './disturbedOrders.js';
import { refuseUnlessBulk } from './programTerms.js';
import { reallocateOrders } from './reallocateOrders.js';

/** The history action of an order a short receipt moved off its PO (docs/product.md §11). */
export const MOVED_BY_SHORT_RECEIPT = 'Re-allocated: its bulk PO was delivered short';

/** A bulk PO's run; 404 for no such PO of the tenant, 422 for a standard one. */
export function bulkRun(view: ReceiptsView | undefined): ReceiptsView {
  refuseUnlessBulk(view && { poType: view.poType, poNumber: view.receipts.poNumber });
  return view!;
}

/** A bulk PO's run under the pool lock, for a change based on `basedOn`; 404, 422 or 409 otherwise. */
async function lockedRun(trx: Knex.Transaction, tenantId: string, id: number, basedOn: string): Promise<ReceiptsView> {
  // The pool lock first, as every change of the pool takes it (ledger/poolLock.ts): a receipt moves what orders may draw.
  await takePoolLock(trx, tenantId);
  const current = bulkRun(await loadReceipts(trx, tenantId, id));
  if (current.receipts.version !== basedOn) throw versionConflict("purchase order's receipts", current.receipts, []);
  return current;
}

/**
 * Records a delivery of a bulk PO's run (docs/product.md §11). From now on the pool holds what
 * was received of each line named, not what was ordered: overs join the pool (orders waiting
 * for them are allocated), and orders drawing more than a line now holds are drawn again, from
 * the next covering bulk PO or back to waiting, as when QuickBooks cuts a line. A delivery
 * beyond the program's tolerance is flagged for the broker.
 */
export async function recordReceipt(
  trx: Knex.Transaction,
  tenantId: string,
  id: number,
  input: ReceiptInput,
  basedOn: string,
  changes: ChangeSet,
): Promise<number> {
  const current = await lockedRun(trx, tenantId, id, basedOn);
  if (input.writeBackToQuickBooks && current.receipts.qbId === null) {
    throw invalidField('writeBackToQuickBooks', `${current.receipts.poNumber} was made in PrintPool: QuickBooks has no purchase order of it to update`);
  }
  const received = new Map<number, number>();
  for (const [index, line] of input.lines.entries()) {
    const of = current.lines.filter((row) => row.item_qb_id === line.itemId);
    if (of.length === 0) throw invalidField(`lines.${index}.itemId`, `${current.receipts.poNumber} has no item ${line.itemId}`);
    const spread = spreadReceived(
      of.map((row) => ({ id: row.id, ordered: row.qty, received: row.qty_received ?? 0 })),
      line.quantityReceived,
    );
    for (const [lineId, quantity] of spread) received.set(lineId, quantity);
  }

  const disturbed = new Set<number>();
  const drawn = await drawnOn(trx, tenantId, [...received.keys()]);
  const after = new Map<number, number>();
  for (const row of current.lines) {
    if (!received.has(row.id)) continue;
    const total = addQuantities(row.qty_received ?? 0, received.get(row.id)!);
    after.set(row.id, total);
    if ((drawn.get(row.id) ?? 0) > total) await markDisturbed(trx, tenantId, row.id, disturbed);
  }
  for (const order of disturbed) changes.because('sales-order', order, MOVED_BY_SHORT_RECEIPT);

  const flagged = current.lines.some((row) => {
    if (!after.has(row.id)) return false;
    const of = current.lines.filter((other) => other.item_qb_id === row.item_qb_id);
    const ordered = of.reduce((sum, other) => addQuantities(sum, other.qty), 0);
    const total = of.reduce((sum, other) => addQuantities(sum, after.get(other.id) ?? other.qty_received ?? other.qty), 0);
    return !receiptDifference(ordered, total, current.receipts.tolerancePercent).withinTolerance;
  });
  const [receipt] = await trx('purchase_order_receipts')
    .insert({
      tenant_id: tenantId,
      purchase_order_id: id,
      received_on: input.receivedOn,
      note: input.note ?? null,
      status: flagged ? 'flagged' : 'complete',
      // The broker asked to write it to the QuickBooks PO: svc-sync does, and records how it went (orders/receiptWriteBack.ts).
      write_back: input.writeBackToQuickBooks ? 'pending' : null,
    })
    .returning('id');
  const receiptId = Number(receipt.id);
  await trx('purchase_order_receipt_lines').insert(
    current.lines
      .filter((row) => received.has(row.id))
      .map((row) => ({
        tenant_id: tenantId,
        receipt_id: receiptId,
        purchase_order_line_id: row.id,
        item_qb_id: row.item_qb_id,
        item_name: row.item_name,
        quantity_received: received.get(row.id),
      })),
  );

  await redrawDisturbed(trx, tenantId, [...disturbed], changes, async () => {
    for (const [lineId, total] of after) await trx('purchase_order_lines').where({ id: lineId, tenant_id: tenantId }).update({ qty_received: total });
    await recomputeRemaining(trx, tenantId, [...after.keys()]);
  });
  await trx('purchase_orders').where({ id, tenant_id: tenantId }).update({ updated_at: trx.fn.now() });
  changes.purchaseOrders.add(id);
  for (const row of current.lines) if (after.has(row.id)) changes.items.add(row.item_qb_id);
  // Overs may cover orders that waited for stock.
  await reallocateOrders(trx, tenantId, changes);

  const recorded = (await loadReceipts(trx, tenantId, id))!;
  changes.receipt({ recorded: receiptRecordedEvent(recorded, receiptId, input) });
  return receiptId;
}

/** What a billing system reads of a receipt: per item, this delivery, the total so far and the over or under at its cost. */
function receiptRecordedEvent(run: ReceiptsView, receiptId: number, input: ReceiptInput): ReceiptRecorded {
  const receipt = run.receipts.receipts.find((candidate) => candidate.id === receiptId)!;
  return {
    purchaseOrderId: run.receipts.purchaseOrderId,
    poNumber: run.receipts.poNumber,
    vendorName: run.vendorName,
    receiptId,
    receivedOn: input.receivedOn,
    status: receipt.status === 'flagged' ? 'flagged' : 'complete',
    tolerancePercent: run.receipts.tolerancePercent,
    lines: receipt.lines.map((line) => {
      const item = run.receipts.lines.find((candidate) => candidate.itemId === line.itemId)!;
      return {
        itemId: line.itemId,
        ordered: item.ordered,
        quantityReceived: line.quantityReceived,
        received: item.received!,
        difference: item.difference!,
        withinTolerance: item.withinTolerance!,
        unitCost: item.unitCost,
        differenceAmount: item.differenceAmount!,
      };
    }),
  };
}

/** Units the ledger holds on each line. */
async function drawnOn(trx: Knex.Transaction, tenantId: string, lineIds: number[]): Promise<Map<number, number>> {
  const { rows }: { rows: { id: string; drawn: string }[] } = await trx.raw(
    `SELECT l.id, ${DRAWN_ON_LINE} AS drawn FROM purchase_order_lines l WHERE l.tenant_id = ? AND l.id = ANY(?::bigint[]) ORDER BY l.id FOR UPDATE OF l`,
    [tenantId, lineIds],
  );
  return new Map(rows.map((row) => [Number(row.id), Number(row.drawn)]));
}

/**
 * The broker's answer to a receipt beyond tolerance (docs/product.md §11): accepted, its
 * differences are billed or credited at the unit cost like any within tolerance; a claim, they
 * are held against the vendor. The pool holds what was received either way: it is what is there.
 */
export async function resolveReceipt(
  trx: Knex.Transaction,
  tenantId: string,
  id: number,
  receiptId: number,
  input: ReceiptResolutionInput,
  basedOn: string,
  changes: ChangeSet,
): Promise<void> {
  const current = await lockedRun(trx, tenantId, id, basedOn);
  const receipt = current.receipts.receipts.find((candidate) => candidate.id === receiptId);
  if (!receipt) throw notFound('Receipt');
  if (receipt.status !== 'flagged') {
    throw conflict(`Receipt ${receiptId} is not waiting for an answer: it is ${receipt.status}`, { current: current.receipts });
  }
  await trx('purchase_order_receipts')
    .where({ id: receiptId, tenant_id: tenantId })
    .update({ status: input.resolution, resolution_note: input.note ?? null });
  changes.purchaseOrders.add(id);
  changes.receipt({
    resolved: { purchaseOrderId: id, poNumber: current.receipts.poNumber, receiptId, resolution: input.resolution, note: input.note ?? null },
  });
}

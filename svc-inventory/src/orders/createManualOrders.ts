import type { Knex } from 'knex';
import { conflict, unprocessable } from '@printpool/service-kit';
import { isBulkDocNumber, toMoneyString } from '@printpool/domain';
import { ACTIVE_NEEDS_BULK_PO, type PurchaseOrderCreate, type SalesOrderCreate } from '@printpool/contracts';
import type { ChangeSet } from '../application/changeSet.js';
import { allocate } from '../ledger/allocate.js';
import { takePoolLock } from '../ledger/poolLock.js';
import { remainingOfNewLine } from '../ledger/remainingQuantity.js';
import { NO_COVERING_PO } from './drawSalesOrder.js';
import { reallocateOrders } from './reallocateOrders.js';
import { loadDemand, totalsOf, writeLines } from './salesOrderLines.js';
import { bulkMarkers } from './bulkMarkers.js';
import { purchaseOrderVendor } from './manualPurchaseOrderVendor.js';

/**
 * A sales order the broker enters (source Manual: no qbId until "Sync to QuickBooks" creates its
 * estimate, svc-sync/src/writeBack/estimateWriter.ts). It is drawn as any order is: from the
 * bulk PO the broker chose, and then kept there (po_chosen_by_broker, as the edit form does in
 * editSalesOrder.ts), or else from the oldest covering one, which re-allocation may later move.
 * 'active' needs a chosen PO that covers every line. Answers the new order's id.
 */
export async function createSalesOrder(trx: Knex.Transaction, tenantId: string, input: SalesOrderCreate, changes: ChangeSet): Promise<number> {
  if (input.status === 'active' && input.bulkPoId === null) throw unprocessable(ACTIVE_NEEDS_BULK_PO, { field: 'bulkPoId' });
  // Taken first as every pool change takes it; it also makes two creations of one number take turns.
  await takePoolLock(trx, tenantId);
  const taken = await trx('sales_orders').where('tenant_id', tenantId).whereRaw('lower(so_number) = lower(?)', [input.soNumber]).first('id');
  if (taken) throw conflict(`SO number ${input.soNumber} is already taken`, { field: 'soNumber' });

  const totals = totalsOf(input.items);
  const chosen = input.bulkPoId !== null;
  const [row] = (await trx('sales_orders')
    .insert({
      tenant_id: tenantId,
      qb_id: null,
      so_number: input.soNumber,
      customer_name: input.customerName,
      customer_email: input.customerEmail,
      status: input.status,
      total_quantity: totals.totalQuantity,
      total_amount: totals.totalAmount,
      txn_date: trx.raw('current_date'),
      // Never written to QuickBooks yet: the Sync to QuickBooks action offers to create its estimate.
      sync_status: 'pending',
      po_chosen_by_broker: chosen,
    })
    .returning('id')) as { id: number | string }[];
  const id = Number(row!.id);
  await writeLines(trx, tenantId, id, input.items, changes);
  changes.salesOrders.add(id);
  if (input.status === 'cancelled') return id;

  const demand = await loadDemand(trx, tenantId, id);
  const bulkPoId = await allocate(trx, tenantId, id, demand, changes, chosen ? { onlyPoId: input.bulkPoId } : {});
  if (chosen && bulkPoId === null) throw unprocessable(input.status === 'active' ? ACTIVE_NEEDS_BULK_PO : NO_COVERING_PO, { field: 'bulkPoId' });
  const needsStock = demand.some((line) => line.itemQbId !== null && line.quantity > 0);
  await trx('sales_orders')
    .where({ id, tenant_id: tenantId })
    .update({ bulk_po_id: bulkPoId, allocation_note: bulkPoId === null && needsStock ? NO_COVERING_PO : null });
  return id;
}

/**
 * A purchase order the broker enters (source Manual; deletable here, routes/purchaseOrders.ts), for
 * one of the company's vendors or one added with it (manualPurchaseOrderVendor.ts).
 * Bulk when its number ends in the tenant's PO suffix, as a synced one is (docs/product.md §1); a bulk one
 * joins the pool at once, so orders waiting for its items are allocated again as after an import.
 * Answers the new purchase order's id.
 */
export async function createPurchaseOrder(trx: Knex.Transaction, tenantId: string, input: PurchaseOrderCreate, changes: ChangeSet): Promise<number> {
  await takePoolLock(trx, tenantId);
  const taken = await trx('purchase_orders').where('tenant_id', tenantId).whereRaw('lower(po_number) = lower(?)', [input.poNumber]).first('id');
  if (taken) throw conflict(`PO number ${input.poNumber} is already taken`, { field: 'poNumber' });

  const vendor = await purchaseOrderVendor(trx, tenantId, input);
  const { bulkPoSuffix } = await bulkMarkers(trx, tenantId);
  const bulk = isBulkDocNumber(input.poNumber, bulkPoSuffix);
  const [row] = (await trx('purchase_orders')
    .insert({
      tenant_id: tenantId,
      qb_id: null,
      po_number: input.poNumber,
      vendor_qb_id: vendor.qbId,
      vendor_name: vendor.name,
      vendor_email: vendor.email,
      po_type: bulk ? 'BULK' : 'STANDARD',
      source_status: 'open',
      txn_date: trx.raw('current_date'),
      total_amount: toMoneyString(input.items.reduce((sum, line) => sum + line.amount, 0)),
    })
    .returning('id')) as { id: number | string }[];
  const id = Number(row!.id);
  await trx('purchase_order_lines').insert(
    input.items.map((line, i) => ({
      tenant_id: tenantId,
      purchase_order_id: id,
      line_no: i + 1,
      item_qb_id: line.itemId,
      item_name: line.itemName,
      description: line.description,
      qty: line.quantity,
      ...remainingOfNewLine(line.quantity),
      unit_price: line.unitPrice,
      kind: 'item',
      amount: line.amount,
    })),
  );
  changes.purchaseOrders.add(id);
  for (const line of input.items) changes.items.add(line.itemId);
  if (bulk) await reallocateOrders(trx, tenantId, changes);
  return id;
}

import type { Knex } from 'knex';
import type { AccountingEstimate, SalesOrderChanged } from '@printpool/contracts';
import { isBulkDocNumber, toMoneyString } from '@printpool/domain';
import type { ChangeSet } from '../events/changeSet.js';
import { allocate, type AllocationDemandLine } from '../ledger/allocate.js';
import { releaseAllocation } from '../ledger/release.js';
import { formatAddress } from '../domain/address.js';
import { toUnits } from '../domain/quantity.js';
import { statusFromEstimate, type SalesOrderStatus } from '../domain/salesOrderStatus.js';
import { bulkMarkers } from './settings.js';
import { demandFingerprint, insertSalesOrder, replaceLines, type NewSalesOrderLine } from './salesOrderLines.js';
import { NO_COVERING_PO, redraw } from './drawSalesOrder.js';

interface ExistingOrder {
  id: number;
  qb_id: string;
  bulk_po_id: number | null;
  sync_status: string | null;
  qb_updated_at: Date | null;
  updated_at: Date;
}

/**
 * Imports estimates whose DocNumber carries the tenant's bulk estimate marker as sales orders
 * (other estimates are not the broker's pool business and are ignored). Each order's status
 * and allocation follow its estimate (architecture §6); an order whose items or quantities
 * changed is drawn again, from the same purchase order when that one still covers it.
 */
export async function importEstimates(trx: Knex.Transaction, tenantId: string, estimates: readonly AccountingEstimate[], changes: ChangeSet): Promise<void> {
  const { bulkEstimateSuffix } = await bulkMarkers(trx, tenantId);
  const bulk = estimates.filter((estimate) => isBulkDocNumber(estimate.docNumber, bulkEstimateSuffix));
  if (bulk.length === 0) return;
  const existing: ExistingOrder[] = await trx('sales_orders')
    .where('tenant_id', tenantId)
    .whereIn('qb_id', bulk.map((estimate) => estimate.qbId))
    .orderBy('id')
    .forUpdate()
    .select('id', 'qb_id', 'bulk_po_id', 'sync_status', 'qb_updated_at', 'updated_at');
  const byQbId = new Map(existing.map((row) => [row.qb_id, row]));
  const fingerprints = await currentFingerprints(trx, tenantId, existing.map((row) => Number(row.id)));

  for (const estimate of bulk) {
    const previous = byQbId.get(estimate.qbId);
    if (previous && isStale(previous, estimate)) continue;
    const lines = estimate.lines.filter((line) => line.itemQbId || line.description).map(toSalesOrderLine);
    const values = {
      so_number: estimate.docNumber!.trim(),
      customer_qb_id: estimate.customerQbId,
      customer_name: estimate.customerName ?? '',
      customer_email: estimate.customerEmail,
      bill_address: formatAddress(estimate.billAddress),
      ship_address: formatAddress(estimate.shipAddress),
      memo: estimate.memo,
      txn_status: estimate.txnStatus,
      total_quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
      total_amount: estimate.totalAmount,
      sync_status: 'synced',
      sync_error: null,
      sync_token: estimate.syncToken,
      txn_date: estimate.txnDate,
      qb_updated_at: estimate.qbUpdatedAt,
      updated_at: trx.fn.now(),
    };
    let id: number;
    let linesChanged: boolean;
    let newDemand: AllocationDemandLine[] | null = null;
    if (previous) {
      id = Number(previous.id);
      linesChanged = fingerprints.get(id) !== demandFingerprint(lines);
      await trx('sales_orders').where({ id, tenant_id: tenantId }).update(values);
      if (linesChanged) {
        await releaseAllocation(trx, tenantId, id, changes);
        await replaceLines(trx, tenantId, id, lines);
      }
    } else {
      const inserted = await insertSalesOrder(trx, tenantId, { ...values, qb_id: estimate.qbId, status: 'pending' }, lines);
      id = inserted.id;
      linesChanged = true;
      newDemand = inserted.demand;
    }
    const holding = { heldPoId: linesChanged ? null : (previous?.bulk_po_id ?? null), preferPoId: previous?.bulk_po_id ?? null, newDemand };
    // A new order is exactly what was just written; an existing one may keep lines edited here, so it is read back.
    await settle(trx, tenantId, id, estimate.txnStatus, holding, changes, (settled) => (previous ? null : newOrderEvent(id, estimate, lines, values.total_quantity, settled)));
  }
}

function newOrderEvent(id: number, estimate: AccountingEstimate, lines: readonly NewSalesOrderLine[], totalQuantity: number, settled: Settled): SalesOrderChanged {
  return {
    salesOrderId: id,
    qbId: estimate.qbId,
    soNumber: estimate.docNumber!.trim(),
    status: settled.status,
    bulkPoId: settled.bulkPoId,
    customerName: estimate.customerName ?? '',
    customerEmail: estimate.customerEmail,
    totalQuantity,
    totalAmount: toMoneyString(estimate.totalAmount),
    syncStatus: 'synced',
    syncToken: estimate.syncToken,
    items: lines.map((line) => ({
      itemId: line.itemQbId,
      itemName: line.itemName,
      description: line.description,
      sku: line.sku,
      quantity: line.quantity,
      unitPrice: Number(toMoneyString(line.unitPrice)),
      totalPrice: Number(toMoneyString(line.quantity * line.unitPrice)),
    })),
    deleted: false,
  };
}

interface Holding {
  /** The purchase order the order still holds unchanged; null when it must be drawn again. */
  heldPoId: number | null;
  /** The one it used before. */
  preferPoId: number | null;
  /** A new order's lines: it holds nothing to release, and its lines need not be read back. */
  newDemand: AllocationDemandLine[] | null;
}

interface Settled {
  status: SalesOrderStatus;
  bulkPoId: number | null;
}

/**
 * Sets status and allocation from the estimate's TxnStatus. A new order is drawn with its
 * status and event written in the draw's own statement (`event`); otherwise the order is
 * noted for the change set, which reads it back.
 */
async function settle(
  trx: Knex.Transaction,
  tenantId: string,
  id: number,
  txnStatus: AccountingEstimate['txnStatus'],
  holding: Holding,
  changes: ChangeSet,
  event: (settled: Settled) => SalesOrderChanged | null,
): Promise<void> {
  const { heldPoId, preferPoId, newDemand } = holding;
  if (txnStatus === 'Rejected') {
    await releaseAllocation(trx, tenantId, id, changes);
    await trx('sales_orders').where({ id, tenant_id: tenantId }).update({ status: 'cancelled', bulk_po_id: null, allocation_note: null });
    note(changes, id, event({ status: 'cancelled', bulkPoId: null }));
    return;
  }
  if (heldPoId === null && newDemand) {
    const status = statusFromEstimate(txnStatus, true);
    const drawnOrder = { status, event: (bulkPoId: number) => event({ status, bulkPoId })! };
    if ((await allocate(trx, tenantId, id, newDemand, changes, { drawnOrder })) !== null) return;
  }
  const poId =
    heldPoId !== null ? Number(heldPoId) : newDemand ? null : await redraw(trx, tenantId, id, changes, { preferPoId: preferPoId === null ? null : Number(preferPoId) });
  const status = statusFromEstimate(txnStatus, poId !== null);
  await trx('sales_orders')
    .where({ id, tenant_id: tenantId })
    .update({ status, bulk_po_id: poId, allocation_note: poId === null ? NO_COVERING_PO : null });
  note(changes, id, event({ status, bulkPoId: poId }));
}

/** The order's event when known from what was written, else the order is read back. */
function note(changes: ChangeSet, id: number, event: SalesOrderChanged | null): void {
  if (event) changes.salesOrderWritten(event);
  else changes.salesOrders.add(id);
}

/** Write-back states of an edit made here that QuickBooks has not taken: waiting, on its way, or refused. */
const UNSENT_EDIT = new Set(['pending', 'syncing', 'error']);

/** An older version of the estimate than the one imported, or older than an edit made here that QuickBooks has not taken. */
function isStale(previous: ExistingOrder, estimate: AccountingEstimate): boolean {
  const incoming = new Date(estimate.qbUpdatedAt).getTime();
  if (previous.qb_updated_at && new Date(previous.qb_updated_at).getTime() > incoming) return true;
  return previous.sync_status !== null && UNSENT_EDIT.has(previous.sync_status) && new Date(previous.updated_at).getTime() > incoming;
}

function toSalesOrderLine(line: AccountingEstimate['lines'][number]): NewSalesOrderLine {
  return {
    itemQbId: line.itemQbId,
    itemName: line.itemName,
    description: line.description,
    sku: null,
    quantity: toUnits(line.qty),
    unitPrice: line.unitPrice,
  };
}

async function currentFingerprints(trx: Knex.Transaction, tenantId: string, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows: { sales_order_id: number; item_qb_id: string | null; quantity: number }[] = await trx('sales_order_lines')
    .where('tenant_id', tenantId)
    .whereIn('sales_order_id', ids)
    .orderBy(['sales_order_id', 'line_no', 'id'])
    .select('sales_order_id', 'item_qb_id', 'quantity');
  const grouped = new Map<number, { itemQbId: string | null; quantity: number }[]>();
  for (const row of rows) {
    const list = grouped.get(Number(row.sales_order_id)) ?? [];
    list.push({ itemQbId: row.item_qb_id, quantity: row.quantity });
    grouped.set(Number(row.sales_order_id), list);
  }
  return new Map(ids.map((id) => [id, demandFingerprint(grouped.get(id) ?? [])]));
}

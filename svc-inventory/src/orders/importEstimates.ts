import type { Knex } from 'knex';
import type { AccountingEstimate, SalesOrderChanged } from '@printpool/contracts';
import { conflictMessage, exactQuantity, isBulkDocNumber, sumQuantities, toMoneyString } from '@printpool/domain';
import type { ChangeSet } from '../application/changeSet.js';
import { allocateOrders, type OrderToDraw } from '../ledger/allocateOrders.js';
import { releaseAllocation } from '../ledger/release.js';
import { formatAddress } from '../domain/address.js';
import { statusFromEstimate, type SalesOrderStatus } from '../domain/salesOrderStatus.js';
import { bulkMarkers } from './bulkMarkers.js';
import { completeWhenShipped } from './fulfilledOrders.js';
import { quickbooksBase, type QuickbooksBase } from '../domain/estimateEdit.js';
import { mergeEstimate } from '../domain/estimateMerge.js';
import { insertSalesOrders, totalsOf, writeLines, type NewSalesOrderLine } from './salesOrderLines.js';
import { NO_COVERING_PO, redraw, stillChosen } from './drawSalesOrder.js';
import { documentTotals } from './documentTotals.js';
import { republishOpenTickets } from './deletedEstimates.js';

interface ExistingOrder {
  id: number;
  qb_id: string;
  bulk_po_id: number | null;
  sync_status: string | null;
  sync_token: string | null;
  customer_email: string | null;
  quickbooks_base: QuickbooksBase | null;
  qb_updated_at: Date | null;
  updated_at: Date;
  deleted_in_quickbooks_at: Date | null;
}

/** New orders are written and drawn together, at most this many at a time (their bound parameters stay far below PostgreSQL's limit). */
const NEW_ORDERS_PER_BATCH = 200;

/** A new order waiting to be written and drawn with the others. */
interface NewOrder {
  estimate: AccountingEstimate;
  lines: NewSalesOrderLine[];
  values: ReturnType<typeof orderValues>;
}

/**
 * Imports estimates whose DocNumber carries the tenant's bulk estimate marker as sales orders
 * (other estimates are not the broker's pool business and are ignored). Each order's status
 * and allocation follow its estimate (docs/architecture.md §5); an order whose items or quantities
 * changed is drawn again, from the same purchase order when that one still covers it. New
 * orders are written and drawn in batches (allocateOrders), still in the order given: a
 * change to an existing order between them waits for the new ones before it. `written` marks
 * estimates QuickBooks answered a write-back with: they are what QuickBooks now holds, so an
 * edit made here is no reason to skip them.
 */
export async function importEstimates(
  trx: Knex.Transaction,
  tenantId: string,
  estimates: readonly AccountingEstimate[],
  changes: ChangeSet,
  { written = false } = {},
): Promise<void> {
  const { bulkEstimateSuffix } = await bulkMarkers(trx, tenantId);
  const bulk = newestOfEach(estimates.filter((estimate) => isBulkDocNumber(estimate.docNumber, bulkEstimateSuffix)));
  if (bulk.length === 0) return;
  const existing: ExistingOrder[] = await trx('sales_orders')
    .where('tenant_id', tenantId)
    .whereIn(
      'qb_id',
      bulk.map((estimate) => estimate.qbId),
    )
    .orderBy('id')
    .forUpdate()
    .select(
      'id',
      'qb_id',
      'bulk_po_id',
      'sync_status',
      'sync_token',
      'customer_email',
      'quickbooks_base',
      'qb_updated_at',
      'updated_at',
      'deleted_in_quickbooks_at',
    );
  const byQbId = new Map(existing.map((row) => [row.qb_id, row]));
  const waiting: NewOrder[] = [];
  const importWaiting = () => importNewOrders(trx, tenantId, waiting.splice(0), changes);

  for (const estimate of bulk) {
    const previous = byQbId.get(estimate.qbId);
    const version = previous && !written ? versionOf(previous, estimate) : 'newer';
    if (version === 'stale') {
      // QuickBooks has the estimate again (deletedEstimates.ts): the order's own edit stays as it was.
      if (previous?.deleted_in_quickbooks_at) await estimateBack(trx, tenantId, Number(previous.id), changes);
      continue;
    }
    let lines = estimate.lines.filter((line) => line.itemQbId || line.description).map(toSalesOrderLine);
    let values = orderValues(estimate, lines);
    if (previous && version === 'merge') ({ lines, values } = await mergePendingEdit(trx, tenantId, previous, estimate, values));
    if (!previous) {
      waiting.push({ estimate, lines, values });
      if (waiting.length >= NEW_ORDERS_PER_BATCH) await importWaiting();
      continue;
    }
    await importWaiting();
    const id = Number(previous.id);
    const { description_lines: descriptionLines, ...columns } = values;
    await trx('sales_orders')
      .where({ id, tenant_id: tenantId })
      // An event from before description-only lines were mapped knows none: the order keeps what it has.
      .update({ ...columns, ...(descriptionLines === null ? {} : { description_lines: JSON.stringify(descriptionLines) }), updated_at: trx.fn.now() });
    if (previous.deleted_in_quickbooks_at) await republishOpenTickets(trx, tenantId, [id]);
    const linesChanged = await writeLines(trx, tenantId, id, lines, changes);
    const preferPoId = previous.bulk_po_id === null ? null : Number(previous.bulk_po_id);
    await settle(trx, tenantId, id, estimate.txnStatus, { heldPoId: linesChanged ? null : preferPoId, preferPoId }, changes);
    // An accepted estimate its tickets already shipped stays fulfilled (orders/fulfilledOrders.ts).
    if (estimate.txnStatus === 'Accepted') await completeWhenShipped(trx, tenantId, id, changes);
  }
  await importWaiting();
}

function orderValues(estimate: AccountingEstimate, lines: readonly NewSalesOrderLine[]) {
  return {
    so_number: estimate.docNumber!.trim(),
    customer_qb_id: estimate.customerQbId,
    customer_name: estimate.customerName ?? '',
    customer_email: estimate.customerEmail,
    bill_address: formatAddress(estimate.billAddress),
    ship_address: formatAddress(estimate.shipAddress),
    ship_method: estimate.shipMethod ?? null,
    terms: estimate.terms ?? null,
    customer_po_number: estimate.customerPoNumber ?? null,
    memo: estimate.memo,
    // Read-only here and left as they are by write-back, so QuickBooks' are the order's.
    description_lines: estimate.descriptionLines ?? null,
    txn_status: estimate.txnStatus,
    quickbooks_base: quickbooksBase(estimate),
    total_quantity: sumQuantities(lines, (line) => line.quantity),
    total_amount: estimate.totalAmount,
    ...documentTotals(estimate),
    sync_status: 'synced',
    sync_error: null as string | null,
    sync_token: estimate.syncToken,
    txn_date: estimate.txnDate,
    qb_updated_at: estimate.qbUpdatedAt,
    // An estimate QuickBooks answers with exists: an order kept after its deletion is whole again (deletedEstimates.ts).
    deleted_in_quickbooks_at: null,
  };
}

/** The estimate of an order kept after its deletion is back in QuickBooks: the mark goes, and its tickets may move on again. */
async function estimateBack(trx: Knex.Transaction, tenantId: string, id: number, changes: ChangeSet): Promise<void> {
  await trx('sales_orders').where({ id, tenant_id: tenantId }).update({ deleted_in_quickbooks_at: null, updated_at: trx.fn.now() });
  changes.salesOrders.add(id);
  await republishOpenTickets(trx, tenantId, [id]);
}

/** An estimate listed more than once (several sync pages or events in one batch): its newest version, at its last place. */
function newestOfEach(estimates: readonly AccountingEstimate[]): AccountingEstimate[] {
  const newest = new Map<string, AccountingEstimate>();
  for (const estimate of estimates) {
    const seen = newest.get(estimate.qbId);
    if (!seen || new Date(seen.qbUpdatedAt).getTime() <= new Date(estimate.qbUpdatedAt).getTime()) newest.set(estimate.qbId, estimate);
  }
  return estimates.filter((estimate) => newest.get(estimate.qbId) === estimate);
}

/** Writes new orders and draws each from the pool, or marks it as waiting for one, with its event. */
async function importNewOrders(trx: Knex.Transaction, tenantId: string, orders: readonly NewOrder[], changes: ChangeSet): Promise<void> {
  if (orders.length === 0) return;
  const inserted = await insertSalesOrders(
    trx,
    tenantId,
    orders.map(({ estimate, lines, values }) => ({ row: { ...values, qb_id: estimate.qbId, status: 'pending' }, lines })),
  );
  const toDraw = orders.map(({ estimate, lines, values }, i): OrderToDraw => {
    const { id, demand } = inserted[i]!;
    const rejected = estimate.txnStatus === 'Rejected';
    return {
      salesOrderId: id,
      demand: rejected ? [] : demand,
      settle: (bulkPoId) => {
        const status = statusFromEstimate(estimate.txnStatus, bulkPoId !== null);
        const allocationNote = bulkPoId === null && !rejected ? NO_COVERING_PO : null;
        return { salesOrderId: id, status, bulkPoId, allocationNote, event: newOrderEvent(id, estimate, lines, values.total_quantity, { status, bulkPoId }) };
      },
    };
  });
  await allocateOrders(trx, tenantId, toDraw, changes);
  for (const { id } of inserted) changes.salesOrdersImported.add(id);
}

function newOrderEvent(
  id: number,
  estimate: AccountingEstimate,
  lines: readonly NewSalesOrderLine[],
  totalQuantity: number,
  settled: Settled,
): SalesOrderChanged {
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
      unitPrice: line.unitPrice,
      totalPrice: line.amount,
    })),
    deleted: false,
  };
}

interface Holding {
  /** The purchase order the order still holds unchanged; null when it must be drawn again. */
  heldPoId: number | null;
  /** The one it used before. */
  preferPoId: number | null;
}

interface Settled {
  status: SalesOrderStatus;
  bulkPoId: number | null;
}

/** Sets an existing order's status and allocation from the estimate's TxnStatus; the change set reads it back for its event. */
async function settle(
  trx: Knex.Transaction,
  tenantId: string,
  id: number,
  txnStatus: AccountingEstimate['txnStatus'],
  holding: Holding,
  changes: ChangeSet,
): Promise<void> {
  changes.salesOrders.add(id);
  if (txnStatus === 'Rejected') {
    await releaseAllocation(trx, tenantId, id, changes);
    await trx('sales_orders')
      .where({ id, tenant_id: tenantId })
      .update({ status: 'cancelled', bulk_po_id: null, allocation_note: null, po_chosen_by_broker: false });
    return;
  }
  const { heldPoId, preferPoId } = holding;
  const poId = heldPoId ?? (await redraw(trx, tenantId, id, changes, { preferPoId }));
  const status = statusFromEstimate(txnStatus, poId !== null);
  await trx('sales_orders')
    .where({ id, tenant_id: tenantId })
    .update({ status, bulk_po_id: poId, allocation_note: poId === null ? NO_COVERING_PO : null, po_chosen_by_broker: stillChosen(trx, poId) });
}

/** Write-back states of an edit made here that QuickBooks has not taken: waiting, on its way, refused, or waiting for the broker's choice. */
const UNSENT_EDIT = new Set(['pending', 'syncing', 'error', 'conflict']);

/**
 * How an estimate stands to the order's: 'stale' when it is not newer than the version the order
 * holds (nothing to take), 'merge' when it is newer and the order has an edit QuickBooks has not
 * taken (mergePendingEdit), else 'newer'. Versions are QuickBooks' SyncTokens, which grow by one
 * with every change; a clock would not do: LastUpdatedTime has whole seconds, and a broker's save
 * and a bookkeeper's edit in the same second would each look older than the other.
 */
function versionOf(previous: ExistingOrder, estimate: AccountingEstimate): 'stale' | 'merge' | 'newer' {
  const unsentEdit = previous.sync_status !== null && UNSENT_EDIT.has(previous.sync_status);
  const held = previous.sync_token === null ? NaN : Number(previous.sync_token);
  const incoming = Number(estimate.syncToken);
  if (Number.isSafeInteger(held) && Number.isSafeInteger(incoming)) {
    if (incoming < held || (incoming === held && unsentEdit)) return 'stale';
    return unsentEdit && incoming > held && previous.quickbooks_base ? 'merge' : 'newer';
  }
  // An order or estimate without a readable SyncToken (never synced): the timestamps are all there is.
  const at = new Date(estimate.qbUpdatedAt).getTime();
  if (previous.qb_updated_at && new Date(previous.qb_updated_at).getTime() > at) return 'stale';
  return unsentEdit && new Date(previous.updated_at).getTime() > at ? 'stale' : 'newer';
}

/**
 * A newer estimate for an order with an edit QuickBooks has not taken: the order keeps the
 * broker's changes and takes QuickBooks' others (domain/estimateMerge.ts). The estimate becomes
 * the edit's new base, so the next write-back sends only the broker's changes, with QuickBooks'
 * new SyncToken. Where both changed a field, the order is in 'conflict' and write-back waits
 * until the broker saves the order with the values chosen (docs/quickbooks.md).
 */
async function mergePendingEdit(
  trx: Knex.Transaction,
  tenantId: string,
  previous: ExistingOrder,
  estimate: AccountingEstimate,
  values: ReturnType<typeof orderValues>,
): Promise<{ lines: NewSalesOrderLine[]; values: ReturnType<typeof orderValues> }> {
  const rows: StoredLine[] = await trx('sales_order_lines')
    .where({ tenant_id: tenantId, sales_order_id: previous.id })
    .orderBy(['line_no', 'id'])
    .select('qb_line_id', 'item_qb_id', 'item_name', 'description', 'sku', 'quantity', 'unit_price', 'total_price');
  const stored = rows.map((row) => ({
    qbLineId: row.qb_line_id,
    itemId: row.item_qb_id,
    quantity: exactQuantity(row.quantity),
    unitPrice: Number(row.unit_price),
    description: row.description,
    row,
  }));
  const merge = mergeEstimate(previous.quickbooks_base!, quickbooksBase(estimate), { customerEmail: previous.customer_email, lines: stored });
  const theirs = new Map(estimate.lines.map((line) => [line.lineId, line]));
  const lines = merge.lines.map((merged): NewSalesOrderLine => {
    if (merged.source === 'quickbooks') return toSalesOrderLine(theirs.get(merged.lineId)!);
    const { row } = stored.find((line) => line === merged.line)!;
    const kept = { ...merged.line, ...(merged.source === 'both' ? merged.values : {}) };
    return {
      qbLineId: row.qb_line_id,
      itemQbId: kept.itemId,
      itemName: merged.source === 'both' && merged.itemFromQuickbooks ? (theirs.get(row.qb_line_id!)?.itemName ?? null) : row.item_name,
      description: kept.description,
      sku: row.sku,
      quantity: kept.quantity,
      unitPrice: kept.unitPrice,
      amount: merged.source === 'both' ? Number(toMoneyString(kept.quantity * kept.unitPrice)) : Number(row.total_price),
    };
  });
  const totals = totalsOf(lines);
  return {
    lines,
    values: {
      ...values,
      customer_email: merge.customerEmail,
      total_quantity: totals.totalQuantity,
      total_amount: Number(totals.totalAmount),
      // QuickBooks computes these for the lines it will hold after the write-back.
      subtotal: null,
      discount: null,
      tax: null,
      sync_status: merge.conflicts.length > 0 ? 'conflict' : 'pending',
      sync_error: merge.conflicts.length > 0 ? conflictMessage(merge.conflicts) : null,
    },
  };
}

interface StoredLine {
  qb_line_id: string | null;
  item_qb_id: string | null;
  item_name: string | null;
  description: string | null;
  sku: string | null;
  quantity: string;
  unit_price: string;
  total_price: string;
}

function toSalesOrderLine(line: AccountingEstimate['lines'][number]): NewSalesOrderLine {
  return {
    qbLineId: line.lineId,
    itemQbId: line.itemQbId,
    itemName: line.itemName,
    description: line.description,
    sku: null,
    quantity: exactQuantity(line.qty),
    unitPrice: line.unitPrice,
    amount: line.amount,
    // A bundle's component is drawn as any item line; the bundle is what the customer bought.
    bundle: line.bundle ?? null,
  };
}

import type { Knex } from 'knex';
import { ACTIVE_NEEDS_BULK_PO, type SalesOrderUpdate } from '@printpool/contracts';
import { notFound, unprocessable, versionConflict } from '@printpool/service-kit';
import { exactQuantity } from '@printpool/domain';
import type { ChangeSet } from '../application/changeSet.js';
import { goodsCommitted, type SalesOrderStatus } from '../domain/salesOrderStatus.js';
import { salesOrderDifferences } from '../domain/salesOrderVersion.js';
import { loadSalesOrderRows, salesOrderView } from '../read/salesOrderView.js';
import { takePoolLock } from '../ledger/poolLock.js';
import { releaseAllocation } from '../ledger/release.js';
import { demandFingerprint, totalsOf, writeLines } from './salesOrderLines.js';
import { NO_COVERING_PO, redraw } from './drawSalesOrder.js';
import { drawWaitingOrders } from './drawWaitingOrders.js';
import { deletedOrderReadOnly } from './deletedEstimates.js';

/**
 * Applies the Sales Order form (docs/product.md §5). A cancelled order releases what it holds; an order
 * given a bulk PO is drawn from exactly that one (a purchase order of another tenant, closed,
 * or short of any item is refused); 'active' needs one. Any refusal throws, so the caller's
 * transaction rolls back and nothing changes. The bulk PO saved (or none) is the broker's
 * choice, which re-allocation keeps. An order whose goods have left (goodsCommitted) keeps its bulk
 * PO when the form names none: only cancelling or editing it down returns units. The edit marks the order for write-back. Units the edit
 * frees go at once to the orders waiting for them (drawWaitingOrders); so an edit that moves units takes the tenant's pool lock first, as every pool
 * change takes it. One that moves none (names, e-mail, prices, a status that keeps the draw) locks
 * only its order's row: it never waits for an import or another order's edit (docs/architecture.md §5).
 */
export const PROCESSING_FROM_QUICKBOOKS = 'An order becomes processing when its estimate is accepted in QuickBooks';

/** Whether the form's lines are, for money, the order's lines as they are: same lines, items, quantities, prices and amounts, in order. */
async function sameMoneyLines(trx: Knex.Transaction, tenantId: string, id: number, lines: SalesOrderUpdate['items']): Promise<boolean> {
  const stored: { qb_line_id: string | null; item_qb_id: string | null; quantity: string; unit_price: string; total_price: string }[] = await trx(
    'sales_order_lines',
  )
    .where({ tenant_id: tenantId, sales_order_id: id })
    .orderBy(['line_no', 'id'])
    .select('qb_line_id', 'item_qb_id', 'quantity', 'unit_price', 'total_price');
  return (
    stored.length === lines.length &&
    stored.every((row, i) => {
      const line = lines[i]!;
      return (
        row.qb_line_id !== null &&
        row.qb_line_id === line.qbLineId &&
        row.item_qb_id === line.itemQbId &&
        exactQuantity(row.quantity) === line.quantity &&
        Number(row.unit_price) === line.unitPrice &&
        Number(row.total_price) === line.amount
      );
    })
  );
}

/** What saving the form does to the order's draw: gives its units back, keeps them, or draws it again. */
type DrawEffect = 'release' | 'keep' | 'redraw';

/** The bulk PO the form leaves the order with: the one it names, or, for goods that have left, the one it holds. */
const chosenPoOf = (heldPoId: number | null, input: SalesOrderUpdate) => (input.bulkPoId === null && goodsCommitted(input.status) ? heldPoId : input.bulkPoId);

function drawEffect(heldPoId: number | null, input: SalesOrderUpdate, linesChanged: boolean): DrawEffect {
  const chosenPoId = chosenPoOf(heldPoId, input);
  // An order without a bulk PO holds nothing (its draws name the PO): left without one, it gives nothing back.
  if (heldPoId === null && chosenPoId === null) return 'keep';
  if (input.status === 'cancelled' || chosenPoId === null) return 'release';
  return !linesChanged && heldPoId === chosenPoId ? 'keep' : 'redraw';
}

/**
 * Whether the edit may move units, read before any lock (so the pool lock, when needed, is still
 * taken first). The order's version covers its status, bulk PO and lines' items and quantities
 * (domain/salesOrderVersion.ts): read at the version the form was based on, the order is as the
 * locked read below will find it if the save goes ahead at all; read at another, the save is
 * refused or the order changed, and the lock is taken to be safe.
 */
async function mayMoveUnits(trx: Knex.Transaction, tenantId: string, id: number, input: SalesOrderUpdate, basedOn: string): Promise<boolean> {
  const [order] = (await loadSalesOrderRows(trx, tenantId, [id])).map(salesOrderView);
  if (!order || order.version !== basedOn) return true;
  const stored = order.items.map((line) => ({ itemQbId: line.itemId ?? null, quantity: line.quantity }));
  return drawEffect(order.bulkPoId, input, demandFingerprint(stored) !== demandFingerprint(input.items)) !== 'keep';
}

export async function editSalesOrder(
  trx: Knex.Transaction,
  tenantId: string,
  id: number,
  input: SalesOrderUpdate,
  basedOn: string,
  changes: ChangeSet,
): Promise<void> {
  const poolLocked = await mayMoveUnits(trx, tenantId, id, input, basedOn);
  if (poolLocked) await takePoolLock(trx, tenantId);
  const current: { id: number; bulk_po_id: number | null; status: SalesOrderStatus; deleted_in_quickbooks_at: Date | null } | undefined = await trx(
    'sales_orders',
  )
    .where({ id, tenant_id: tenantId })
    .forUpdate()
    .first('id', 'bulk_po_id', 'status', 'deleted_in_quickbooks_at');
  if (!current) throw notFound('Sales order');
  // Before the version: an open form learns why it cannot save, not that the order changed (docs/product.md §4).
  if (current.deleted_in_quickbooks_at !== null) throw deletedOrderReadOnly();
  // Read under the row's lock: no other change can land between this check and the write.
  const [now] = (await loadSalesOrderRows(trx, tenantId, [id])).map(salesOrderView);
  if (now!.version !== basedOn) throw versionConflict('sales order', now, salesOrderDifferences(now!, input));
  if (input.status === 'processing' && current.status !== 'processing') throw unprocessable(PROCESSING_FROM_QUICKBOOKS, { field: 'status' });
  if (input.status === 'active' && input.bulkPoId === null) throw unprocessable(ACTIVE_NEEDS_BULK_PO, { field: 'bulkPoId' });
  const heldPoId = current.bulk_po_id === null ? null : Number(current.bulk_po_id);
  const chosenPoId = chosenPoOf(heldPoId, input);

  const moneyKept = await sameMoneyLines(trx, tenantId, id, input.items);
  const linesChanged = await writeLines(trx, tenantId, id, input.items, changes);
  const effect = drawEffect(heldPoId, input, linesChanged);
  // Only if the version missed a change to what the order draws; the save is then refused as stale, not made without the pool lock.
  if (effect !== 'keep' && !poolLocked) throw versionConflict('sales order', now, salesOrderDifferences(now!, input));

  let bulkPoId: number | null = null;
  if (effect === 'release') {
    await releaseAllocation(trx, tenantId, id, changes);
  } else if (effect === 'keep') {
    bulkPoId = chosenPoId;
  } else {
    bulkPoId = await redraw(trx, tenantId, id, changes, { onlyPoId: chosenPoId });
    if (bulkPoId === null) throw unprocessable(input.status === 'active' ? ACTIVE_NEEDS_BULK_PO : NO_COVERING_PO, { field: 'bulkPoId' });
  }

  const totals = totalsOf(input.items);
  await trx('sales_orders')
    .where({ id, tenant_id: tenantId })
    .update({
      customer_name: input.customerName,
      customer_email: input.customerEmail,
      status: input.status,
      bulk_po_id: bulkPoId,
      po_chosen_by_broker: true,
      allocation_note: null,
      total_quantity: totals.totalQuantity,
      // Lines with the same items, quantities, prices and amounts are what QuickBooks computed its
      // subtotal, discount, tax and total from, and it computes the same again on write-back: they
      // stay. Otherwise they were of the lines before the edit; QuickBooks' new ones come back with
      // the write-back's answer, and until then the total is the lines'.
      ...(moneyKept ? {} : { total_amount: totals.totalAmount, subtotal: null, discount: null, tax: null }),
      sync_status: 'pending',
      sync_error: null,
      updated_at: trx.fn.now(),
    });
  changes.salesOrders.add(id);
  // What the order held on its bulk PO before the save is back there for the orders waiting for it.
  if (effect !== 'keep' && heldPoId !== null) await drawWaitingOrders(trx, tenantId, new Set([heldPoId]), changes);
}

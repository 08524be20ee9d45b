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
import { totalsOf, writeLines } from './salesOrderLines.js';
import { NO_COVERING_PO, redraw } from './drawSalesOrder.js';
import { reallocateOrders } from './reallocateOrders.js';
import { deletedOrderReadOnly } from './deletedEstimates.js';

/**
 * Applies the Sales Order form (docs/product.md §5). A cancelled order releases what it holds; an order
 * given a bulk PO is drawn from exactly that one (a purchase order of another tenant, closed,
 * or short of any item is refused); 'active' needs one. Any refusal throws, so the caller's
 * transaction rolls back and nothing changes. The bulk PO saved (or none) is the broker's
 * choice, which re-allocation keeps. An order whose goods have left (goodsCommitted) keeps its bulk
 * PO when the form names none: only cancelling or editing it down returns units. The edit marks the order for write-back. Units the edit
 * frees go at once to the orders waiting for them (reallocateOrders), as units a new purchase
 * order brings do; so the tenant's pool lock is taken first, as every pool change takes it.
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

export async function editSalesOrder(
  trx: Knex.Transaction,
  tenantId: string,
  id: number,
  input: SalesOrderUpdate,
  basedOn: string,
  changes: ChangeSet,
): Promise<void> {
  await takePoolLock(trx, tenantId);
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
  const chosenPoId = input.bulkPoId === null && goodsCommitted(input.status) ? heldPoId : input.bulkPoId;

  const moneyKept = await sameMoneyLines(trx, tenantId, id, input.items);
  const linesChanged = await writeLines(trx, tenantId, id, input.items, changes);

  let bulkPoId: number | null = null;
  const releases = input.status === 'cancelled' || chosenPoId === null;
  const keepsDraw = !releases && !linesChanged && heldPoId === chosenPoId;
  if (releases) {
    await releaseAllocation(trx, tenantId, id, changes);
  } else if (keepsDraw) {
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
  if (!keepsDraw) await reallocateOrders(trx, tenantId, changes);
}

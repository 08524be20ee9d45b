import { OPEN_BULK_PO } from '../ledger/openBulk.js';

/**
 * SQL condition for a sales order (aliased `so`) whose allocation re-allocation may move: it
 * needs an item, is not cancelled, the broker did not choose its bulk PO (or none) in the
 * Sales Order form, and what it holds, if anything, is on an open bulk PO (what is drawn from
 * a closed PO stays drawn). An order with a pull ticket is excluded too (HAS_PULL_TICKET), and one
 * kept after QuickBooks deleted its estimate holds what it has until the broker decides (deletedEstimates.ts).
 */
export const MAY_BE_REALLOCATED = `so.status <> 'cancelled' AND NOT so.po_chosen_by_broker AND so.deleted_in_quickbooks_at IS NULL
  AND (so.bulk_po_id IS NULL OR EXISTS (SELECT 1 FROM purchase_orders po WHERE po.id = so.bulk_po_id AND ${OPEN_BULK_PO}))
  AND EXISTS (SELECT 1 FROM sales_order_lines sl WHERE sl.sales_order_id = so.id AND sl.item_qb_id IS NOT NULL AND sl.quantity > 0)`;

/** SQL condition for a sales order (aliased `so`) with a pull ticket that is not cancelled: the ticket names its bulk PO. */
export const HAS_PULL_TICKET = `EXISTS (SELECT 1 FROM pull_tickets pt WHERE pt.tenant_id = so.tenant_id AND pt.sales_order_id = so.id AND pt.status <> 'cancelled')`;

import type { Knex } from 'knex';
import type { ReorderBasis } from '@printpool/contracts';
import { exactQuantity, sumQuantities } from '@printpool/domain';
import { ORDER_CUSTOMER, OWNERSHIP_COLUMNS, ownerOf, type OwnedLine } from './stockOwnership.js';

interface RunLine extends OwnedLine {
  purchase_order_id: string;
  po_number: string;
  ordered: string;
}

/**
 * The customer's most recent bulk run of the item (docs/product.md §12): the latest bulk PO, open
 * or done, whose lines of the item hold the customer's stock by the rule of whose stock it is
 * (read/stockOwnership.ts), with what those lines ordered (QuickBooks' quantity, or the
 * one a receipt's write-back replaced). Undefined when no bulk run of the item was the customer's.
 */
async function lastBulkRun(
  knex: Knex | Knex.Transaction,
  tenantId: string,
  customerQbId: string,
  itemId: string,
): Promise<ReorderBasis['bulkRun'] | undefined> {
  const { rows }: { rows: RunLine[] } = await knex.raw(
    `SELECT l.purchase_order_id, po.po_number, coalesce(l.qty_ordered, l.qty) AS ordered, ${OWNERSHIP_COLUMNS}
     FROM purchase_order_lines l JOIN purchase_orders po ON po.id = l.purchase_order_id
     WHERE l.tenant_id = :tenantId AND l.kind = 'item' AND l.item_qb_id = :itemId AND po.po_type = 'BULK'
     ORDER BY po.txn_date DESC NULLS LAST, po.id DESC, l.id`,
    { tenantId, itemId },
  );
  const runs = new Map<string, RunLine[]>();
  for (const row of rows) runs.set(row.purchase_order_id, [...(runs.get(row.purchase_order_id) ?? []), row]);
  for (const lines of runs.values()) {
    if (ownerOf(lines) !== customerQbId) continue;
    return {
      purchaseOrderId: Number(lines[0]!.purchase_order_id),
      poNumber: lines[0]!.po_number,
      quantity: sumQuantities(lines, (line) => exactQuantity(line.ordered)),
    };
  }
  return undefined;
}

/** The unit price of the customer's most recent sales order line of the item, else the item's sales price. */
async function lastPrice(knex: Knex | Knex.Transaction, tenantId: string, customerQbId: string, itemId: string): Promise<ReorderBasis['price']> {
  const { rows } = await knex.raw(
    `SELECT so.id, so.so_number, sol.unit_price
     FROM sales_order_lines sol JOIN sales_orders so ON so.id = sol.sales_order_id
     WHERE so.tenant_id = :tenantId AND sol.item_qb_id = :itemId AND ${ORDER_CUSTOMER} = :customer
     ORDER BY so.txn_date DESC NULLS LAST, so.created_at DESC, so.id DESC, sol.line_no
     LIMIT 1`,
    { tenantId, itemId, customer: customerQbId },
  );
  const last = rows[0] as { id: string; so_number: string; unit_price: string } | undefined;
  if (last) return { from: 'sales-order', salesOrderId: Number(last.id), soNumber: last.so_number, unitPrice: Number(last.unit_price) };
  const item: { unit_price: string } | undefined = await knex('items').where({ tenant_id: tenantId, qb_id: itemId }).first('unit_price');
  return { from: 'item', unitPrice: Number(item?.unit_price ?? 0) };
}

/** What a reorder estimate of the customer's item is made of; the bulk run is undefined when there is none to reorder. */
export async function reorderBasis(
  knex: Knex | Knex.Transaction,
  tenantId: string,
  customerQbId: string,
  itemId: string,
): Promise<{ bulkRun: ReorderBasis['bulkRun'] | undefined; price: ReorderBasis['price'] }> {
  return { bulkRun: await lastBulkRun(knex, tenantId, customerQbId, itemId), price: await lastPrice(knex, tenantId, customerQbId, itemId) };
}

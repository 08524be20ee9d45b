import type { Knex } from 'knex';
import type { ChangeSet } from '../events/changeSet.js';

/**
 * Releases every unreleased draw of a sales order and gives the units back to the PO lines.
 * The ledger rows stay, stamped released_at, as the history of what the order held.
 */
export async function releaseAllocation(trx: Knex.Transaction, tenantId: string, salesOrderId: number, changes: ChangeSet): Promise<void> {
  const released: { purchase_order_line_id: number; item_qb_id: string; qty: number }[] = await trx('allocations')
    .where({ tenant_id: tenantId, sales_order_id: salesOrderId })
    .whereNull('released_at')
    .update({ released_at: trx.fn.now() })
    .returning(['purchase_order_line_id', 'item_qb_id', 'qty']);
  if (released.length === 0) return;
  const back = new Map<number, number>();
  for (const row of released) {
    back.set(row.purchase_order_line_id, (back.get(row.purchase_order_line_id) ?? 0) + row.qty);
    changes.items.add(row.item_qb_id);
  }
  // Lines in id order, as every transaction that locks PO lines takes them.
  for (const [lineId, qty] of [...back].sort((a, b) => a[0] - b[0])) {
    const [line] = await trx('purchase_order_lines')
      .where({ id: lineId, tenant_id: tenantId })
      .increment('qty_remaining', qty)
      .returning('purchase_order_id');
    if (line) changes.purchaseOrders.add(Number(line.purchase_order_id));
  }
}

import type { Knex } from 'knex';
import { preparedStatement } from '@printpool/service-kit';
import { exactQuantity } from '@printpool/domain';
import type { PoolPurchaseOrder, SupplyLine } from '../domain/coverage.js';
import { oldestFirst, type DatedDocument } from '../domain/oldestFirst.js';
import { lockedHeader, type LockedPurchaseOrderColumns, type PurchaseOrderHeader } from './purchaseOrderHeader.js';
import { OPEN_BULK_PO } from './openBulk.js';

/** An open bulk purchase order as a batch allocation draws from it: its locked lines and its own fields. */
export interface LockedPurchaseOrder extends PoolPurchaseOrder {
  header: PurchaseOrderHeader;
}

interface LockedLine extends LockedPurchaseOrderColumns {
  id: number | string;
  item_qb_id: string;
  qty_remaining: string;
  /** ISO date text, which sorts as the dates do. */
  txn_date: string | null;
}

/**
 * The line locks of a batch: locks, in one statement, every line of the tenant's open bulk
 * purchase orders that holds one of `items`, in id order (every transaction takes PO lines in
 * that order, after the pool lock and before the item levels, so none deadlocks:
 * docs/architecture.md §5), and share-locks their purchase orders (closing or deleting one
 * waits for the draws). Answers the purchase orders in the order orders are drawn from them:
 * oldest first (oldestFirst).
 * The draw statement that follows takes its snapshot once these locks are held.
 */
export async function lockPoolLines(
  trx: Knex.Transaction,
  tenantId: string,
  items: readonly string[],
  /** Only these purchase orders' lines (the ones a change gave units back to); every open bulk PO's when absent. */
  purchaseOrderIds?: readonly number[],
): Promise<LockedPurchaseOrder[]> {
  if (items.length === 0 || purchaseOrderIds?.length === 0) return [];
  const { rows } = (await preparedStatement(trx, LOCK_POOL_LINES, { tenantId, items: [...items], poIds: purchaseOrderIds ? [...purchaseOrderIds] : null })) as {
    rows: LockedLine[];
  };
  const byPo = new Map<number, DatedDocument & { header: PurchaseOrderHeader; lines: SupplyLine[] }>();
  for (const row of rows) {
    const id = Number(row.purchase_order_id);
    let po = byPo.get(id);
    if (!po) {
      po = { id, qbId: row.qb_id, txnDate: row.txn_date, header: lockedHeader(row), lines: [] };
      byPo.set(id, po);
    }
    po.lines.push({ id: Number(row.id), itemQbId: row.item_qb_id, qtyRemaining: exactQuantity(row.qty_remaining) });
  }
  return [...byPo.values()].sort(oldestFirst).map(({ id, header, lines }) => ({ id, header, lines }));
}

const LOCK_POOL_LINES = `
SELECT l.id, l.item_qb_id, l.qty_remaining, po.id AS purchase_order_id, po.qb_id, po.po_number, po.override_status, po.vendor_name,
       po.txn_date::text AS txn_date
FROM purchase_order_lines l JOIN purchase_orders po ON po.id = l.purchase_order_id
WHERE l.tenant_id = :tenantId AND po.tenant_id = :tenantId AND ${OPEN_BULK_PO} AND l.item_qb_id = ANY(:items::text[])
  AND (:poIds::bigint[] IS NULL OR po.id = ANY(:poIds::bigint[]))
ORDER BY l.id
FOR UPDATE OF l FOR SHARE OF po`;

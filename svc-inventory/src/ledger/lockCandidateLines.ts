import type { Knex } from 'knex';
import { preparedStatement } from '@printpool/service-kit';
import type { Requirement, SupplyLine } from '../domain/coverage.js';
import { lockedHeader, type LockedPurchaseOrderColumns, type PurchaseOrderHeader } from './purchaseOrderHeader.js';
import { OPEN_BULK_PO } from './openBulk.js';
import { oldestFirstSql } from '../domain/oldestFirst.js';
import { remainingPer } from './remainingQuantity.js';

/** Where to draw from: this purchase order, or the first open bulk one covering the need. */
export type Source = { purchaseOrderId: number } | { onlyPoId: number | null; preferPoId: number | null };

export interface LockedCandidate {
  /** The purchase order's lines holding the needed items, locked, at their latest values; none when it is no longer an open bulk order. */
  lines: SupplyLine[];
  /** Its own fields, for its change event; undefined when no line was locked. */
  header: PurchaseOrderHeader | undefined;
  /** When searching: the open bulk purchase orders covering the need by their unlocked values, in the order to try them; the first is the one locked. */
  candidates: number[];
}

interface LockedRow {
  candidates: (number | string)[] | null;
  /** json_agg reads numeric quantities as JSON numbers. */
  lines: (LockedPurchaseOrderColumns & { id: number; item_qb_id: string; qty_remaining: number })[] | null;
}

const MAX_CANDIDATES = 20;

/**
 * The line locks of one order (docs/architecture.md §5 gives the order of the pool's locks):
 * finds (searching) and locks the purchase order to draw from, in one statement: searching,
 * the open bulk purchase orders whose remaining quantities cover the need are found without
 * locks, the oldest first (oldestFirst; the preferred one before all); then the lines of
 * the first (or the one given) holding the needed items are locked in id order (every
 * transaction takes PO lines in that order, so none deadlocks), which re-reads their latest
 * committed values, and its row share-locked: closing or deleting it waits for the draw, so
 * the item levels the draw moves by its quantities stay right (the closing transaction then
 * recomputes them without this order).
 * The draw itself is the next statement (drawLines): its snapshot, taken once these locks are
 * held, holds every earlier committed change to the purchase order. Drawing in this statement
 * instead would have PostgreSQL re-check (EvalPlanQual) every row changed after its snapshot,
 * starting a copy of the statement's executor state, every sub-plan included, for each node
 * that meets one: under contention that costs more, inside the locks, than the round trip it
 * saves (bench/allocate/RESULTS.md).
 */
export async function lockCandidateLines(trx: Knex.Transaction, tenantId: string, need: Requirement, source: Source): Promise<LockedCandidate> {
  const searching = !('purchaseOrderId' in source);
  const { rows } = (await preparedStatement(trx, LOCK, {
    tenantId,
    items: [...need.keys()],
    qtys: [...need.values()],
    poId: searching ? null : source.purchaseOrderId,
    onlyPoId: searching ? source.onlyPoId : null,
    preferPoId: searching ? source.preferPoId : null,
  })) as { rows: LockedRow[] };
  const { candidates, lines } = rows[0]!;
  const first = lines?.[0];
  return {
    lines: (lines ?? []).map((line) => ({ id: Number(line.id), itemQbId: line.item_qb_id, qtyRemaining: line.qty_remaining })),
    header: first && lockedHeader(first),
    candidates: (candidates ?? []).map(Number),
  };
}

const LOCK = `
WITH need AS (SELECT * FROM unnest(:items::text[], :qtys::numeric[]) AS n(item_qb_id, qty)),
candidates AS (
  SELECT coalesce(array_agg(id ORDER BY preferred DESC, ${oldestFirstSql('covering')}), '{}') AS ids FROM (
    SELECT po.id, po.txn_date, po.qb_id, (po.id = :preferPoId::bigint) IS TRUE AS preferred
    FROM purchase_orders po
    JOIN (${remainingPer(['purchase_order_id', 'item_qb_id'], 'l.tenant_id = :tenantId AND l.item_qb_id IN (SELECT item_qb_id FROM need)', { inPool: false })}) supply
      ON supply.purchase_order_id = po.id
    JOIN need ON need.item_qb_id = supply.item_qb_id AND supply.remaining >= need.qty
    WHERE po.tenant_id = :tenantId AND ${OPEN_BULK_PO} AND (:onlyPoId::bigint IS NULL OR po.id = :onlyPoId::bigint)
    GROUP BY po.id, po.txn_date, po.qb_id
    HAVING count(*) = (SELECT count(*) FROM need)
    ORDER BY preferred DESC, ${oldestFirstSql('po')}
    LIMIT ${MAX_CANDIDATES}
  ) covering
),
locked AS MATERIALIZED (
  SELECT l.id, l.item_qb_id, l.qty_remaining, po.id AS purchase_order_id, po.qb_id, po.po_number, po.override_status, po.vendor_name
  FROM purchase_order_lines l JOIN purchase_orders po ON po.id = l.purchase_order_id
  WHERE l.tenant_id = :tenantId AND l.purchase_order_id = coalesce(:poId::bigint, (SELECT ids[1] FROM candidates))
    AND po.tenant_id = :tenantId AND ${OPEN_BULK_PO} AND l.item_qb_id IN (SELECT item_qb_id FROM need)
  ORDER BY l.id
  FOR UPDATE OF l FOR SHARE OF po
)
SELECT CASE WHEN :poId::bigint IS NULL THEN (SELECT ids FROM candidates) END AS candidates,
       (SELECT json_agg(locked ORDER BY id) FROM locked) AS lines`;

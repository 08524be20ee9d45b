import type { Knex } from 'knex';
import type { Drift } from '@printpool/contracts';
import { OPEN_BULK_PO } from './openBulk.js';

/**
 * A purchase order line's remaining quantity (`purchase_order_lines.qty_remaining`): what the
 * pool holds of it (POOL_QUANTITY) less what unreleased allocations draw from it. It is derived from the ledger and
 * kept on the line in the transaction that moves it (docs/architecture.md §5), so a draw reads
 * one locked row instead of summing the ledger. This module is its one owner: every write of the
 * column and every sum of it is written here, and reconcile checks it against the ledger
 * (remainingDrift). Reading one line's value as it stands (a lock statement, a view) selects the
 * column itself. SQL fragments read the lines as `l`.
 */

/** SQL: the units unreleased allocations draw from the line `l`, as the ledger holds them. */
export const DRAWN_ON_LINE = 'coalesce((SELECT sum(a.qty) FROM allocations a WHERE a.purchase_order_line_id = l.id AND a.released_at IS NULL), 0)';

/**
 * SQL: what the pool holds of the line `l` (docs/product.md §11): the ordered quantity while the
 * run is in production, what its receipts brought once one names it.
 */
export const POOL_QUANTITY = 'coalesce(l.qty_received, l.qty)';

/** SQL: the line `l`'s remaining as the ledger gives it. */
const REMAINING_BY_LEDGER = `${POOL_QUANTITY} - ${DRAWN_ON_LINE}`;

/** SQL: the units remaining on the lines `l` of a group, 0 for a group without any. */
export const SUM_REMAINING = 'coalesce(sum(l.qty_remaining), 0)';

/**
 * SQL: the units remaining per `groups` (columns of `purchase_order_lines`) on the lines `l` that
 * `lines` selects, as `(…groups, remaining)`. `inPool` counts only the pool's lines: their
 * purchase order (`po`) is joined and must be an open bulk one (OPEN_BULK_PO).
 */
export function remainingPer(groups: readonly string[], lines: string, { inPool }: { inPool: boolean }): string {
  const keys = groups.map((column) => `l.${column}`).join(', ');
  const from = inPool ? 'purchase_order_lines l JOIN purchase_orders po ON po.id = l.purchase_order_id' : 'purchase_order_lines l';
  return `SELECT ${keys}, ${SUM_REMAINING} AS remaining
    FROM ${from}
    WHERE ${inPool ? `${OPEN_BULK_PO} AND ` : ''}${lines}
    GROUP BY ${keys}`;
}

/** The remaining of a line being inserted: nothing is drawn from it yet. */
export function remainingOfNewLine(qty: number): { qty_remaining: number } {
  return { qty_remaining: qty };
}

/**
 * SQL, a step of a statement that binds `:tenantId`: lowers the remaining of each line of the
 * relation `draw(line_id, qty)` by its quantity (one row per line). The caller holds the lines'
 * locks (lockPoolLines.ts, lockCandidateLines.ts).
 */
export const TAKE_DRAWN = `UPDATE purchase_order_lines l SET qty_remaining = l.qty_remaining - draw.qty
  FROM draw WHERE l.id = draw.line_id AND l.tenant_id = :tenantId`;

/**
 * SQL, a step of a statement that binds `:tenantId`: gives the units of the relation
 * `released(purchase_order_line_id, qty)` back to their lines, answering `(id, purchase_order_id)`
 * of each line given back.
 */
export const GIVE_BACK_RELEASED = `UPDATE purchase_order_lines l SET qty_remaining = l.qty_remaining + back.qty
  FROM (SELECT purchase_order_line_id, sum(qty) AS qty FROM released GROUP BY purchase_order_line_id) back
  WHERE l.id = back.purchase_order_line_id AND l.tenant_id = :tenantId
  RETURNING l.id, l.purchase_order_id`;

/** What the pool holds of a line: what it received once a receipt names it, else what was ordered (POOL_QUANTITY). */
export const poolQuantity = (line: { qty: number; qty_received: number | null }): number => line.qty_received ?? line.qty;

/** Sets the remaining of lines whose quantity was just rewritten from what the ledger draws from them. */
export async function recomputeRemaining(trx: Knex.Transaction, tenantId: string, lineIds: readonly number[]): Promise<void> {
  await trx.raw(
    `UPDATE purchase_order_lines l
     SET qty_remaining = ${REMAINING_BY_LEDGER}
     WHERE l.tenant_id = ? AND l.id = ANY(?::bigint[])`,
    [tenantId, [...lineIds]],
  );
}

/** A line whose stored remaining differs from the ledger's, or that the ledger overdraws (`expected` below zero). */
export type RemainingDrift = Omit<Extract<Drift, { kind: 'purchase-order-line' }>, 'kind'>;

/** The lines of one tenant, or of every tenant (`tenantId` undefined), whose remaining has drifted from the ledger, in line order. */
export async function remainingDrift(trx: Knex.Transaction, tenantId: string | undefined): Promise<RemainingDrift[]> {
  const rows: { tenant_id: string; purchase_order_id: number; id: number; qty_remaining: string; expected: string }[] = (
    await trx.raw(
      `SELECT l.tenant_id, l.purchase_order_id, l.id, l.qty_remaining, expected
       FROM purchase_order_lines l,
       LATERAL (SELECT ${REMAINING_BY_LEDGER} AS expected) e
       WHERE (?::text IS NULL OR l.tenant_id = ?) AND (l.qty_remaining <> expected OR expected < 0)
       ORDER BY l.id`,
      [tenantId ?? null, tenantId ?? null],
    )
  ).rows;
  return rows.map((row) => ({
    tenantId: row.tenant_id,
    purchaseOrderId: Number(row.purchase_order_id),
    purchaseOrderLineId: Number(row.id),
    stored: Number(row.qty_remaining),
    expected: Number(row.expected),
  }));
}

/** Writes a drifted line's remaining as the ledger gives it (reconcile's fix). */
export async function rewriteRemaining(trx: Knex.Transaction, drift: RemainingDrift): Promise<void> {
  await trx('purchase_order_lines').where({ id: drift.purchaseOrderLineId, tenant_id: drift.tenantId }).update({ qty_remaining: drift.expected });
}

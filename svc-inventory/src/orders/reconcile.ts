import type { Drift, ReconcileResult } from '@printpool/contracts';
import type { Knex } from 'knex';
import { ChangeSet } from '../application/changeSet.js';
import { PRINTPOOL } from '../application/history.js';
import { OPEN_BULK_PO } from '../ledger/openBulk.js';
import { rewriteSalesOrderTally, salesOrderTallyDrift } from '../tallies/salesOrderTallies.js';
import { allocatableOrderDrift } from './allocatableOrders.js';
import { reallocateOrders } from './reallocateOrders.js';
import { takePoolLock } from '../ledger/poolLock.js';
import { POOL_QUANTITY, remainingDrift, rewriteRemaining } from '../ledger/remainingQuantity.js';

// The drift of each kind as the answer's contract (libs/contracts/src/http/routes/inventory.ts) declares it.
type LineDrift = Extract<Drift, { kind: 'purchase-order-line' }>;
type ItemLevelDrift = Extract<Drift, { kind: 'item-level' }>;

/**
 * Recomputes every denormalized quantity from the ledger: each PO line's remaining (quantity
 * less unreleased draws) and each item's virtual inventory (remaining on open bulk PO lines);
 * and each tenant's sales order tallies from its orders; and finds orders left without a bulk
 * PO that an open one covers now (allocatableOrderDrift).
 * Reports what differs and, with `fix`, rewrites it (recording the item-level events) and
 * re-allocates the tenants of orders left waiting (reallocateOrders, under the tenants' pool
 * locks, taken first), in one transaction. An `expected` below zero means a line was
 * overdrawn, which allocation prevents.
 */
export async function reconcile(knex: Knex, options: { tenantId?: string; fix?: boolean } = {}): Promise<ReconcileResult> {
  return knex.transaction(async (trx) => {
    const lines = (await remainingDrift(trx, options.tenantId)).map((drift): LineDrift => ({ kind: 'purchase-order-line', ...drift }));
    const levels = await levelDrift(trx, options.tenantId);
    const tallies = await salesOrderTallyDrift(trx, options.tenantId);
    const waiting = await allocatableOrderDrift(trx, options.tenantId);
    if (options.fix) {
      const reallocated = [...new Set(waiting.map((drift) => drift.tenantId))].sort();
      for (const tenantId of reallocated) await takePoolLock(trx, tenantId);
      for (const drift of tallies) await rewriteSalesOrderTally(trx, drift);
      const byTenant = new Map<string, ChangeSet>();
      const changesOf = (tenantId: string) =>
        byTenant.get(tenantId) ?? byTenant.set(tenantId, new ChangeSet(tenantId, { by: PRINTPOOL, action: 'Re-allocated' })).get(tenantId)!;
      for (const drift of lines) {
        await rewriteRemaining(trx, drift);
        changesOf(drift.tenantId).purchaseOrders.add(drift.purchaseOrderId);
      }
      for (const drift of levels) changesOf(drift.tenantId).items.add(drift.itemQbId);
      for (const tenantId of reallocated) await reallocateOrders(trx, tenantId, changesOf(tenantId));
      for (const changes of byTenant.values()) {
        const items: { item_qb_id: string }[] = await trx('purchase_order_lines')
          .where('tenant_id', changes.tenantId)
          .whereIn('purchase_order_id', [...changes.purchaseOrders])
          .whereNotNull('item_qb_id')
          .distinct('item_qb_id');
        for (const row of items) changes.items.add(row.item_qb_id);
        await changes.record(trx);
      }
    }
    const drift = [...lines, ...levels, ...tallies, ...waiting];
    return { drift, fixed: Boolean(options.fix) && drift.length > 0 };
  });
}

async function levelDrift(trx: Knex.Transaction, tenantId: string | undefined): Promise<ItemLevelDrift[]> {
  const rows: { tenant_id: string; item_qb_id: string; stored: string; expected: string }[] = (
    await trx.raw(
      `WITH expected AS (
         SELECT l.tenant_id, l.item_qb_id, sum(${POOL_QUANTITY} - coalesce(d.drawn, 0)) AS level
         FROM purchase_order_lines l
         JOIN purchase_orders po ON po.id = l.purchase_order_id
         LEFT JOIN (SELECT purchase_order_line_id, sum(qty) AS drawn FROM allocations WHERE released_at IS NULL GROUP BY purchase_order_line_id) d
           ON d.purchase_order_line_id = l.id
         WHERE l.item_qb_id IS NOT NULL AND ${OPEN_BULK_PO} AND (?::text IS NULL OR l.tenant_id = ?)
         GROUP BY l.tenant_id, l.item_qb_id
       )
       SELECT coalesce(s.tenant_id, e.tenant_id) AS tenant_id, coalesce(s.item_qb_id, e.item_qb_id) AS item_qb_id,
              coalesce(s.virtual_inventory, 0) AS stored, coalesce(e.level, 0) AS expected
       FROM (SELECT * FROM item_levels WHERE ?::text IS NULL OR tenant_id = ?) s
       FULL OUTER JOIN expected e ON e.tenant_id = s.tenant_id AND e.item_qb_id = s.item_qb_id
       WHERE coalesce(s.virtual_inventory, 0) <> coalesce(e.level, 0)
       ORDER BY 1, 2`,
      [tenantId ?? null, tenantId ?? null, tenantId ?? null, tenantId ?? null],
    )
  ).rows;
  return rows.map((row) => ({
    kind: 'item-level',
    tenantId: row.tenant_id,
    itemQbId: row.item_qb_id,
    stored: Number(row.stored),
    expected: Number(row.expected),
  }));
}

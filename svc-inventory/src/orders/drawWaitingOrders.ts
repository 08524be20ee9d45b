import type { Knex } from 'knex';
import type { ChangeSet } from '../application/changeSet.js';
import { oldestFirstSql } from '../domain/oldestFirst.js';
import { statusFromEstimate, type SalesOrderStatus, type TxnStatus } from '../domain/salesOrderStatus.js';
import { allocateOrders } from '../ledger/allocateOrders.js';
import { HAS_PULL_TICKET, MAY_BE_REALLOCATED } from './movableOrders.js';
import { loadDemands } from './salesOrderLines.js';

interface WaitingRow {
  id: number | string;
  txn_status: TxnStatus | null;
  status: SalesOrderStatus;
}

/**
 * Units a broker's change gave back (an order edited down, cancelled, moved to another PO or
 * deleted) go to the orders waiting for them. Only the purchase orders that got units back can
 * cover an order nothing covered before, so only the orders waiting for items those POs hold are
 * looked at (holding nothing and saying why, movable by re-allocation, every item on one of them), oldest first
 * (domain/oldestFirst.ts), each drawn from the oldest of those POs now covering it
 * (allocateOrders), and only those orders and those POs' lines are locked: not the company's every
 * order and line, as reallocateOrders weighs them after an import. A save costs what it touches
 * (docs/architecture.md §5). An order another transaction holds is skipped, as re-allocation skips
 * it. The caller holds the pool lock.
 */
export async function drawWaitingOrders(trx: Knex.Transaction, tenantId: string, gainedPoIds: ReadonlySet<number>, changes: ChangeSet): Promise<void> {
  if (gainedPoIds.size === 0) return;
  const poIds = [...gainedPoIds];
  const { rows } = (await trx.raw(
    `WITH gained AS (SELECT DISTINCT item_qb_id FROM purchase_order_lines WHERE tenant_id = :tenantId AND purchase_order_id = ANY(:poIds::bigint[]) AND item_qb_id IS NOT NULL)
     SELECT so.id, so.txn_status, so.status FROM sales_orders so
     WHERE so.tenant_id = :tenantId AND so.bulk_po_id IS NULL AND so.allocation_note IS NOT NULL AND ${MAY_BE_REALLOCATED} AND NOT ${HAS_PULL_TICKET}
       AND NOT EXISTS (SELECT 1 FROM sales_order_lines wl WHERE wl.sales_order_id = so.id AND wl.item_qb_id IS NOT NULL AND wl.quantity > 0
                       AND wl.item_qb_id NOT IN (SELECT item_qb_id FROM gained))
     ORDER BY ${oldestFirstSql('so')}
     FOR NO KEY UPDATE OF so SKIP LOCKED`,
    { tenantId, poIds },
  )) as { rows: WaitingRow[] };
  if (rows.length === 0) return;
  const demands = await loadDemands(
    trx,
    tenantId,
    rows.map((row) => Number(row.id)),
  );
  await allocateOrders(
    trx,
    tenantId,
    rows.map((row) => {
      const salesOrderId = Number(row.id);
      return {
        salesOrderId,
        demand: demands.get(salesOrderId) ?? [],
        settle: (bulkPoId) => {
          if (bulkPoId === null) return null;
          changes.because('sales-order', salesOrderId, 'Re-allocated');
          return {
            salesOrderId,
            status: row.txn_status ? statusFromEstimate(row.txn_status, true) : row.status,
            bulkPoId,
            allocationNote: null,
          };
        },
      };
    }),
    changes,
    poIds,
  );
}

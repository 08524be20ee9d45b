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
 * deleted) go to the orders waiting for them: the orders holding nothing that re-allocation may
 * move and that need one of `items`, oldest first (domain/oldestFirst.ts), each drawn from the
 * oldest open bulk PO now covering it (allocateOrders). Only those orders and the pool's lines of
 * their items are locked, not the company's every order (reallocateOrders weighs them all, after
 * an import): a save costs what it touches (docs/architecture.md §5). An order another
 * transaction holds is skipped, as re-allocation skips it. The caller holds the pool lock.
 */
export async function drawWaitingOrders(trx: Knex.Transaction, tenantId: string, items: ReadonlySet<string>, changes: ChangeSet): Promise<void> {
  if (items.size === 0) return;
  const { rows } = (await trx.raw(
    `SELECT so.id, so.txn_status, so.status FROM sales_orders so
     WHERE so.tenant_id = :tenantId AND so.bulk_po_id IS NULL AND ${MAY_BE_REALLOCATED} AND NOT ${HAS_PULL_TICKET}
       AND EXISTS (SELECT 1 FROM sales_order_lines wl WHERE wl.sales_order_id = so.id AND wl.item_qb_id = ANY(:items::text[]))
     ORDER BY ${oldestFirstSql('so')}
     FOR NO KEY UPDATE OF so SKIP LOCKED`,
    { tenantId, items: [...items] },
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
  );
}

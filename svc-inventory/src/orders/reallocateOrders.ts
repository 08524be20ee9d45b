import type { Knex } from 'knex';
import { analyzeAfterBulkWrite } from '@printpool/service-kit';
import { exactQuantity } from '@printpool/domain';
import type { ChangeSet } from '../application/changeSet.js';
import { reallocate, type HeldDraw, type MovableOrder, type Reallocation } from '../domain/reallocation.js';
import { statusFromEstimate, type SalesOrderStatus, type TxnStatus } from '../domain/salesOrderStatus.js';
import { drawLines, type Draw, type SettledOrder } from '../ledger/drawLines.js';
import { lockPoolLines } from '../ledger/lockPoolLines.js';
import { releaseAllocations } from '../ledger/release.js';
import { NO_COVERING_PO } from './drawSalesOrder.js';
import { HAS_PULL_TICKET, MAY_BE_REALLOCATED } from './movableOrders.js';
import { loadDemands } from './salesOrderLines.js';

/** Orders drawn again per statement. */
const REALLOCATION_BATCH = 500;

interface OrderToReallocate extends MovableOrder {
  txnStatus: TxnStatus | null;
  status: SalesOrderStatus;
}

/**
 * Brings the tenant's allocation to the one its data gives, whatever order the purchase
 * orders and estimates arrived in: oldest order first, each from the oldest open bulk PO still
 * covering it (domain/reallocation.ts). Run after every import of purchase orders or
 * estimates and by reconcile's fix, so an order a PO can serve never waits for the next sync.
 *
 * An order keeps what it holds when the broker chose its bulk PO (or none) in the Sales Order
 * form, when it has a pull ticket that is not cancelled, when it is cancelled, when it holds
 * units on a purchase order no longer in the pool, and while another transaction holds it
 * (an edit, a deletion or a new pull ticket under way: it is skipped, not waited for).
 *
 * The caller holds the tenant's pool lock (takePoolLock). The orders are locked first, then
 * every pool line holding an item they need (lockPoolLines, in line id order). Only orders whose
 * allocation changes are written: their draws released in one statement, then drawn again,
 * REALLOCATION_BATCH orders per statement.
 */
export async function reallocateOrders(trx: Knex.Transaction, tenantId: string, changes: ChangeSet): Promise<void> {
  const orders = await lockMovableOrders(trx, tenantId);
  if (orders.length === 0) return;
  const ids = orders.map((order) => order.id);
  const demands = await loadDemands(trx, tenantId, ids);
  const held = await loadHeldDraws(trx, tenantId, ids);
  const movable = orders.map((order) => ({ ...order, demand: demands.get(order.id) ?? [], held: held.get(order.id) ?? [] }));
  const items = new Set(movable.flatMap((order) => order.demand.flatMap((line) => (line.itemQbId ? [line.itemQbId] : []))));
  const pool = await lockPoolLines(trx, tenantId, [...items]);
  const moves = reallocate(movable, pool);
  if (moves.length === 0) return;

  await releaseAllocations(
    trx,
    tenantId,
    moves.map((move) => move.order.id),
    changes,
  );
  const headers = new Map(pool.map((po) => [po.id, po.header]));
  let drawn = 0;
  for (let start = 0; start < moves.length; start += REALLOCATION_BATCH) {
    const batch = moves.slice(start, start + REALLOCATION_BATCH);
    const draws: Draw[] = batch.flatMap(({ order, plan }) =>
      plan ? [{ salesOrderId: order.id, header: headers.get(plan.purchaseOrderId)!, demand: order.demand, draws: plan.draws }] : [],
    );
    const { levelsMoved } = await drawLines(trx, tenantId, { draws, settled: batch.map(settledOrder), levelsRecomputed: changes.items });
    for (const draw of draws) {
      drawn += draw.draws.length;
      // An item without a stored level yet is left to the change set, which creates it from the ledger.
      for (const planned of draw.draws) if (!levelsMoved.has(planned.itemQbId)) changes.items.add(planned.itemQbId);
    }
    for (const { order } of batch) {
      // An order this unit of work already changed (imported, edited) keeps that reason; the others moved because the pool did.
      if (!changes.salesOrders.has(order.id) && !changes.salesOrdersImported.has(order.id)) changes.because('sales-order', order.id, 'Re-allocated');
      changes.salesOrders.add(order.id);
    }
  }
  await analyzeAfterBulkWrite(trx, 'allocations', drawn);
}

/** The order's status, bulk PO and note once it holds what it is given. */
function settledOrder({ order, plan }: Reallocation<OrderToReallocate>): SettledOrder {
  return {
    salesOrderId: order.id,
    status: order.txnStatus ? statusFromEstimate(order.txnStatus, plan !== null) : order.status,
    bulkPoId: plan?.purchaseOrderId ?? null,
    allocationNote: plan ? null : NO_COVERING_PO,
  };
}

interface MovableRow {
  id: number | string;
  qb_id: string | null;
  txn_date: string | null;
  txn_status: TxnStatus | null;
  status: SalesOrderStatus;
  bulk_po_id: number | string | null;
}

/**
 * The tenant's orders that need an item and whose allocation may move, locked, skipping those
 * another transaction holds. Pull tickets are looked for once the orders are locked: a ticket
 * created while they were being read is then seen.
 */
async function lockMovableOrders(trx: Knex.Transaction, tenantId: string): Promise<Omit<OrderToReallocate, 'demand' | 'held'>[]> {
  const { rows } = (await trx.raw(
    `SELECT so.id, so.qb_id, so.txn_date::text AS txn_date, so.txn_status, so.status, so.bulk_po_id
     FROM sales_orders so
     WHERE so.tenant_id = :tenantId AND ${MAY_BE_REALLOCATED}
     ORDER BY so.id
     FOR NO KEY UPDATE OF so SKIP LOCKED`,
    { tenantId },
  )) as { rows: MovableRow[] };
  if (rows.length === 0) return [];
  const { rows: ticketed } = (await trx.raw(`SELECT so.id FROM sales_orders so WHERE so.id = ANY(:ids::bigint[]) AND ${HAS_PULL_TICKET}`, {
    ids: rows.map((row) => Number(row.id)),
  })) as { rows: { id: number | string }[] };
  const fixed = new Set(ticketed.map((row) => Number(row.id)));
  return rows
    .filter((row) => !fixed.has(Number(row.id)))
    .map((row) => ({
      id: Number(row.id),
      qbId: row.qb_id,
      txnDate: row.txn_date,
      txnStatus: row.txn_status,
      status: row.status,
      bulkPoId: row.bulk_po_id === null ? null : Number(row.bulk_po_id),
    }));
}

/** What each order holds, unreleased, per line pair. */
async function loadHeldDraws(trx: Knex.Transaction, tenantId: string, salesOrderIds: readonly number[]): Promise<Map<number, HeldDraw[]>> {
  const rows: { sales_order_id: number | string; sales_order_line_id: number | string | null; purchase_order_line_id: number | string; qty: string }[] =
    await trx('allocations')
      .where('tenant_id', tenantId)
      .whereRaw('sales_order_id = ANY(?::bigint[])', [[...salesOrderIds]])
      .whereNull('released_at')
      .select('sales_order_id', 'sales_order_line_id', 'purchase_order_line_id', 'qty');
  const held = new Map<number, HeldDraw[]>();
  for (const row of rows) {
    const id = Number(row.sales_order_id);
    const draw = {
      salesOrderLineId: row.sales_order_line_id === null ? null : Number(row.sales_order_line_id),
      supplyLineId: Number(row.purchase_order_line_id),
      qty: exactQuantity(row.qty),
    };
    const list = held.get(id);
    if (list) list.push(draw);
    else held.set(id, [draw]);
  }
  return held;
}

import type { Knex } from 'knex';
import { analyzeAfterBulkWrite } from '@printpool/service-kit';
import type { ChangeNotes } from './changeNotes.js';
import { planAllocations, requirementOf } from '../domain/coverage.js';
import type { AllocationDemandLine } from '../domain/coverage.js';
import { drawLines, type Draw, type SettledOrder } from './drawLines.js';
import { lockPoolLines } from './lockPoolLines.js';

export interface OrderToDraw {
  salesOrderId: number;
  /** Empty for an order that must not draw (a rejected estimate). */
  demand: readonly AllocationDemandLine[];
  /** What to write for the order once it holds `bulkPoId`, or nothing (null); null leaves the order as it is. */
  settle: (bulkPoId: number | null) => SettledOrder | null;
}

/**
 * Allocates new sales orders together: one statement locks every line of the open bulk
 * purchase orders holding an item any of them needs, the orders are planned one after another
 * in memory exactly as if each had been allocated alone in turn (planAllocations), and one
 * statement writes every draw, ledger row, order status and event. However many orders, the
 * locks are held for two round trips and the commit.
 */
export async function allocateOrders(
  trx: Knex.Transaction,
  tenantId: string,
  orders: readonly OrderToDraw[],
  changes: ChangeNotes,
  /** Draws only from these purchase orders (lockPoolLines); from every open bulk PO when absent. */
  purchaseOrderIds?: readonly number[],
): Promise<void> {
  if (orders.length === 0) return;
  const items = new Set(orders.flatMap((order) => [...requirementOf(order.demand).keys()]));
  const pool = await lockPoolLines(trx, tenantId, [...items], purchaseOrderIds);
  const plans = planAllocations(
    orders.map((order) => order.demand),
    pool,
  );
  const headers = new Map(pool.map((po) => [po.id, po.header]));
  const draws: Draw[] = [];
  const drawnItems = new Set<string>();
  const settled: SettledOrder[] = [];
  for (const [i, order] of orders.entries()) {
    const plan = plans[i];
    if (plan) {
      draws.push({ salesOrderId: order.salesOrderId, header: headers.get(plan.purchaseOrderId)!, demand: order.demand, draws: plan.draws });
      for (const draw of plan.draws) drawnItems.add(draw.itemQbId);
    }
    const outcome = order.settle(plan?.purchaseOrderId ?? null);
    if (outcome) settled.push(outcome);
    // Without its event in hand, the change set reads the order back for it.
    if (outcome && !outcome.event) changes.salesOrders.add(order.salesOrderId);
  }
  if (draws.length === 0 && settled.length === 0) return;
  const { levelsMoved } = await drawLines(trx, tenantId, { draws, settled, levelsRecomputed: changes.items });
  await analyzeAfterBulkWrite(
    trx,
    'allocations',
    draws.reduce((sum, draw) => sum + draw.draws.length, 0),
  );
  // An item without a stored level yet is left to the change set, which creates it from the ledger.
  for (const item of drawnItems) if (!levelsMoved.has(item)) changes.items.add(item);
}

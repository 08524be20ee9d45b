import { addQuantities } from '@printpool/domain';
import { planAllocations, type DemandLine, type PlannedAllocation, type PoolPurchaseOrder } from './coverage.js';
import { oldestFirst, type DatedDocument } from './oldestFirst.js';

/** Units an order holds on one purchase order line for one of its lines. */
export interface HeldDraw {
  salesOrderLineId: number | null;
  supplyLineId: number;
  qty: number;
}

/** A sales order whose allocation may move: what it needs, the bulk PO it has and what it holds there. */
export interface MovableOrder extends DatedDocument {
  demand: readonly (DemandLine & { salesOrderLineId: number })[];
  bulkPoId: number | null;
  held: readonly HeldDraw[];
}

export interface Reallocation<O extends MovableOrder> {
  order: O;
  /** What it is to hold instead; null: nothing, no purchase order covering it after the orders before it. */
  plan: PlannedAllocation | null;
}

/**
 * The allocation the data gives, as the changes to make: the orders are taken oldest first
 * (oldestFirst), each drawn from the oldest purchase order (the pool's order) still covering
 * everything it needs after the orders before it, as if none of them held anything yet.
 * Answers, oldest first, the orders whose bulk PO or draws differ from that, with what they
 * are to hold. It depends only on the orders, the pool and what other orders hold (already
 * out of the pool's remaining), never on the order they are given in.
 * An order holding units on a line outside the pool (its purchase order since closed) keeps
 * them: what is drawn from a closed PO stays drawn.
 */
export function reallocate<O extends MovableOrder>(orders: readonly O[], pool: readonly PoolPurchaseOrder[]): Reallocation<O>[] {
  const inPool = new Set(pool.flatMap((po) => po.lines.map((line) => line.id)));
  const queue = orders.filter((order) => order.held.every((draw) => inPool.has(draw.supplyLineId))).sort(oldestFirst);
  const heldBack = new Map<number, number>();
  for (const order of queue) for (const draw of order.held) heldBack.set(draw.supplyLineId, addQuantities(heldBack.get(draw.supplyLineId) ?? 0, draw.qty));
  const freed = pool.map((po) => ({
    ...po,
    lines: po.lines.map((line) => ({ ...line, qtyRemaining: addQuantities(line.qtyRemaining, heldBack.get(line.id) ?? 0) })),
  }));
  const plans = planAllocations(
    queue.map((order) => order.demand),
    freed,
  );
  return queue.flatMap((order, i) => (holds(order, plans[i] ?? null) ? [] : [{ order, plan: plans[i] ?? null }]));
}

/** Whether the order already holds exactly what the plan gives it. */
function holds(order: MovableOrder, plan: PlannedAllocation | null): boolean {
  if (!plan) return order.bulkPoId === null && order.held.length === 0;
  if (order.bulkPoId !== plan.purchaseOrderId) return false;
  const planned = plan.draws.map((draw) => ({
    salesOrderLineId: order.demand[draw.demandIndex]!.salesOrderLineId,
    supplyLineId: draw.supplyLineId,
    qty: draw.qty,
  }));
  return sameDraws(order.held, planned);
}

function sameDraws(a: readonly HeldDraw[], b: readonly HeldDraw[]): boolean {
  const left = unitsPerLinePair(a);
  const right = unitsPerLinePair(b);
  return left.size === right.size && [...left].every(([pair, qty]) => right.get(pair) === qty);
}

function unitsPerLinePair(draws: readonly HeldDraw[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const draw of draws) {
    const pair = `${draw.salesOrderLineId}/${draw.supplyLineId}`;
    units.set(pair, addQuantities(units.get(pair) ?? 0, draw.qty));
  }
  return units;
}

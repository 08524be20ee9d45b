/** A quantity of one item a sales order needs, summed over its lines. */
export type Requirement = Map<string, number>;

export interface DemandLine {
  itemQbId: string | null;
  quantity: number;
}

export interface SupplyLine {
  id: number;
  itemQbId: string | null;
  qtyRemaining: number;
}

export interface PlannedDraw {
  /** Index of the demand line in the order given. */
  demandIndex: number;
  supplyLineId: number;
  itemQbId: string;
  qty: number;
}

/** Units needed per item. Lines without an item (descriptions, subtotals) need nothing from the pool. */
export function requirementOf(lines: readonly DemandLine[]): Requirement {
  const need: Requirement = new Map();
  for (const line of lines) {
    if (!line.itemQbId || line.quantity <= 0) continue;
    need.set(line.itemQbId, (need.get(line.itemQbId) ?? 0) + line.quantity);
  }
  return need;
}

/** Whether a purchase order's lines hold every needed item with enough remaining. */
export function covers(supply: readonly SupplyLine[], need: Requirement): boolean {
  const available = new Map<string, number>();
  for (const line of supply) {
    if (line.itemQbId) available.set(line.itemQbId, (available.get(line.itemQbId) ?? 0) + line.qtyRemaining);
  }
  for (const [item, qty] of need) if ((available.get(item) ?? 0) < qty) return false;
  return true;
}

/**
 * The draws that fill every demand line from one purchase order's lines, taking each item
 * from that order's lines in the order given; null when the order does not cover the demand.
 */
export function planDraws(demand: readonly DemandLine[], supply: readonly SupplyLine[]): PlannedDraw[] | null {
  const left = new Map(supply.map((line) => [line.id, line.qtyRemaining]));
  const draws: PlannedDraw[] = [];
  for (const [demandIndex, line] of demand.entries()) {
    if (!line.itemQbId || line.quantity <= 0) continue;
    let owed = line.quantity;
    for (const source of supply) {
      if (owed === 0) break;
      if (source.itemQbId !== line.itemQbId) continue;
      const take = Math.min(owed, left.get(source.id) ?? 0);
      if (take <= 0) continue;
      left.set(source.id, (left.get(source.id) ?? 0) - take);
      draws.push({ demandIndex, supplyLineId: source.id, itemQbId: line.itemQbId, qty: take });
      owed -= take;
    }
    if (owed > 0) return null;
  }
  return draws;
}

/** A purchase order of the pool and its lines in id order. */
export interface PoolPurchaseOrder {
  id: number;
  lines: readonly SupplyLine[];
}

export interface PlannedAllocation {
  purchaseOrderId: number;
  draws: PlannedDraw[];
}

/**
 * Allocates several orders from one pool, one after another, each exactly as if it had been
 * allocated alone after the ones before it: from the first purchase order (in the pool's
 * order, oldest first) that still covers everything it needs. Answers each order's plan, or
 * null for an order that needs nothing or that no purchase order covers.
 */
export function planAllocations(demands: readonly (readonly DemandLine[])[], pool: readonly PoolPurchaseOrder[]): (PlannedAllocation | null)[] {
  const left = new Map(pool.flatMap((po) => po.lines.map((line) => [line.id, line.qtyRemaining] as const)));
  const current = (po: PoolPurchaseOrder): SupplyLine[] => po.lines.map((line) => ({ ...line, qtyRemaining: left.get(line.id)! }));
  return demands.map((demand) => {
    const need = requirementOf(demand);
    if (need.size === 0) return null;
    for (const po of pool) {
      const supply = current(po);
      if (!covers(supply, need)) continue;
      const draws = planDraws(demand, supply)!;
      for (const draw of draws) left.set(draw.supplyLineId, left.get(draw.supplyLineId)! - draw.qty);
      return { purchaseOrderId: po.id, draws };
    }
    return null;
  });
}

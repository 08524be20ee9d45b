import { addQuantities, exactQuantity, subtractQuantity, sumQuantities } from '@printpool/domain';

/** A quantity of one item a sales order needs, summed over its lines (fractional: libs/domain/src/quantity.ts). */
export type Requirement = Map<string, number>;

export interface DemandLine {
  itemQbId: string | null;
  quantity: number;
}

/** A sales order line's demand, as the ledger draws it line by line. */
export interface AllocationDemandLine extends DemandLine {
  salesOrderLineId: number;
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
    need.set(line.itemQbId, addQuantities(need.get(line.itemQbId) ?? 0, line.quantity));
  }
  return need;
}

/** The `need` of the bulk PO picker (`<item id>:<units>,…`, libs/contracts openBulkPurchaseOrders.ts), summed per item. */
export function requirementFromNeed(need: string): Requirement {
  return requirementOf(
    need.split(',').map((pair) => {
      const at = pair.lastIndexOf(':');
      return { itemQbId: pair.slice(0, at), quantity: exactQuantity(pair.slice(at + 1)) };
    }),
  );
}

/** Whether a purchase order's lines hold every needed item with enough remaining. */
export function covers(supply: readonly SupplyLine[], need: Requirement): boolean {
  const available = new Map<string, number>();
  for (const line of supply) {
    if (line.itemQbId) available.set(line.itemQbId, addQuantities(available.get(line.itemQbId) ?? 0, line.qtyRemaining));
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
      left.set(source.id, subtractQuantity(left.get(source.id) ?? 0, take));
      draws.push({ demandIndex, supplyLineId: source.id, itemQbId: line.itemQbId, qty: take });
      owed = subtractQuantity(owed, take);
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
  const left = new Map<number, number>();
  // Per purchase order (by its place in the pool) its lines of each item, and per item the places holding it, in pool order.
  const linesOf = pool.map(() => new Map<string, SupplyLine[]>());
  const placesOf = new Map<string, number[]>();
  for (const [place, po] of pool.entries()) {
    for (const line of po.lines) {
      left.set(line.id, line.qtyRemaining);
      if (!line.itemQbId) continue;
      const lines = linesOf[place]!.get(line.itemQbId);
      if (lines) lines.push(line);
      else {
        linesOf[place]!.set(line.itemQbId, [line]);
        const places = placesOf.get(line.itemQbId);
        if (places) places.push(place);
        else placesOf.set(line.itemQbId, [place]);
      }
    }
  }
  const remaining = (place: number, item: string) => sumQuantities(linesOf[place]!.get(item) ?? [], (line) => left.get(line.id)!);

  return demands.map((demand) => {
    const need = requirementOf(demand);
    if (need.size === 0) return null;
    for (const place of placesHoldingAll([...need.keys()], placesOf)) {
      if (![...need].every(([item, qty]) => remaining(place, item) >= qty)) continue;
      const supply = [...linesOf[place]!.values()]
        .flat()
        .sort((a, b) => a.id - b.id)
        .map((line) => ({ ...line, qtyRemaining: left.get(line.id)! }));
      const draws = planDraws(demand, supply)!;
      for (const draw of draws) left.set(draw.supplyLineId, subtractQuantity(left.get(draw.supplyLineId)!, draw.qty));
      return { purchaseOrderId: pool[place]!.id, draws };
    }
    return null;
  });
}

/** The pool places (ascending) holding every one of `items`. */
function placesHoldingAll(items: readonly string[], placesOf: ReadonlyMap<string, readonly number[]>): number[] {
  const lists = items.map((item) => placesOf.get(item) ?? []).sort((a, b) => a.length - b.length);
  const [shortest, ...others] = lists;
  const sets = others.map((list) => new Set(list));
  return (shortest ?? []).filter((place) => sets.every((set) => set.has(place)));
}

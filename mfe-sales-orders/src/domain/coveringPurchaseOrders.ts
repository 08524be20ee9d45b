import { addQuantities } from '@printpool/domain';
import type { OpenBulkPurchaseOrder } from '../api/openBulkPurchaseOrders.js';

/** One line's need from the pool: the item and how many units. */
export interface Demand {
  itemId: string | null;
  quantity: number;
}

/** What the order being edited already draws from its bulk purchase order: released and drawn again on save, so it is available to the order. */
export interface Holding {
  purchaseOrderId: number | string;
  lines: readonly Demand[];
}

/**
 * The bulk purchase orders an active sales order can draw from (spec §5): open, with quantity
 * left, and holding every item of the order with enough remaining. An item on several lines
 * needs the sum of them; lines without an item (notes) need nothing from the pool. What the
 * order itself holds counts as left on its own purchase order, so an unchanged order always fits.
 */
export function coveringPurchaseOrders<T extends OpenBulkPurchaseOrder>(purchaseOrders: readonly T[], demand: readonly Demand[], holding?: Holding): T[] {
  const need = sumByItem(demand);
  return purchaseOrders.filter((po) => {
    const held = holding && String(holding.purchaseOrderId) === String(po.id) ? sumByItem(holding.lines) : new Map<string, number>();
    if (po.status !== 'open' || !(po.quantityRemaining > 0 || held.size > 0)) return false;
    const available = sumByItem(po.items ?? []);
    return [...need].every(([itemId, quantity]) => addQuantities(available.get(itemId) ?? 0, held.get(itemId) ?? 0) >= quantity);
  });
}

function sumByItem(lines: readonly { itemId: string | number | null | undefined; quantity: number }[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const { itemId, quantity } of lines) {
    if (itemId === null || itemId === undefined || itemId === '' || !(quantity > 0)) continue;
    const key = String(itemId);
    totals.set(key, addQuantities(totals.get(key) ?? 0, quantity));
  }
  return totals;
}

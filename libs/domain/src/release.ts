import { addQuantities, subtractQuantity } from './quantity.js';

/** How much of one item of an order is on tickets that are not cancelled (released) or shipped, and how much is left. */
export interface ItemRelease {
  itemId: string;
  ordered: number;
  released: number;
  shipped: number;
}

export interface ReleaseRequestLine {
  itemId: string;
  quantity: number;
}

export interface ReleaseIssue {
  field: string;
  message: string;
}

/** The units of an item not yet on a ticket that is not cancelled. */
export const unreleased = (item: ItemRelease): number => Math.max(0, subtractQuantity(item.ordered, item.released));

/**
 * What a new pull ticket releases of each item (docs/product.md §4): every unit left unreleased
 * when the broker names no lines, else the lines named, each more than 0 and at most what is left
 * of its item. svc-inventory refuses by it and the release dialog checks by it, so they agree.
 */
export function releaseQuantities(items: readonly ItemRelease[], lines?: readonly ReleaseRequestLine[]): Map<string, number> | ReleaseIssue {
  const release = new Map<string, number>();
  if (!lines) {
    for (const item of items) if (unreleased(item) > 0) release.set(item.itemId, unreleased(item));
    return release;
  }
  for (const [index, line] of lines.entries()) {
    const item = items.find((candidate) => candidate.itemId === line.itemId);
    if (!item) return { field: `lines.${index}.itemId`, message: `The order has no item ${line.itemId}` };
    const total = addQuantities(release.get(line.itemId) ?? 0, line.quantity);
    if (!(line.quantity > 0)) return { field: `lines.${index}.quantity`, message: 'Quantity must be more than 0' };
    if (total > unreleased(item)) return { field: `lines.${index}.quantity`, message: `Only ${unreleased(item)} of ${line.itemId} is left to release` };
    release.set(line.itemId, total);
  }
  return release;
}

/**
 * The ticket's lines for what it releases: the order's lines of each item, in order, each taking
 * as much as it holds until the item's release is used up; a line with nothing to release is left off.
 */
export function releasedLines<T extends { item_id: string | null; qty: number }>(lines: readonly T[], release: ReadonlyMap<string, number>): T[] {
  const left = new Map(release);
  const out: T[] = [];
  for (const line of lines) {
    const wanted = line.item_id === null ? 0 : (left.get(line.item_id) ?? 0);
    const qty = Math.min(line.qty, wanted);
    if (qty <= 0 || line.item_id === null) continue;
    left.set(line.item_id, subtractQuantity(wanted, qty));
    out.push({ ...line, qty });
  }
  return out;
}

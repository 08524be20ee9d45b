import type { SalesOrder } from '@printpool/contracts';
import { addQuantities, releaseQuantities, unreleased, type ItemRelease, type ReleaseRequestLine } from '@printpool/domain';

/** One item of an order as its pull tickets release it (docs/product.md §4). */
export interface ReleaseRow extends ItemRelease {
  itemName: string | null;
  /** Units on no ticket that is not cancelled: what a new ticket may release. */
  left: number;
}

/** The order's items, each once, with what its tickets released and shipped and what is left; lines without an item are not released. */
export function releaseRows(items: SalesOrder['items']): ReleaseRow[] {
  const rows = new Map<string, ReleaseRow>();
  for (const line of items) {
    if (!line.itemId) continue;
    const row = rows.get(line.itemId) ?? { itemId: line.itemId, itemName: line.itemName, ordered: 0, released: 0, shipped: 0, left: 0 };
    const next = {
      ...row,
      ordered: addQuantities(row.ordered, line.quantity),
      released: addQuantities(row.released, line.releasedQuantity ?? 0),
      shipped: addQuantities(row.shipped, line.shippedQuantity ?? 0),
    };
    rows.set(line.itemId, { ...next, left: unreleased(next) });
  }
  return [...rows.values()];
}

export const NOTHING_TO_RELEASE = 'Release at least one unit';

/** Why svc-inventory would refuse these release quantities (libs/domain release.ts), or null. */
export function releaseIssue(rows: readonly ReleaseRow[], lines: readonly ReleaseRequestLine[]): string | null {
  const release = releaseQuantities(rows, lines);
  return 'field' in release ? release.message : null;
}

/**
 * Whose stock an item on a bulk PO is (docs/product.md §12), one rule for every read that asks:
 * the customer's stock, the alerts, the reorder basis and the PO's own page.
 */

/**
 * SQL over `so`: the order's customer, by QuickBooks id: its estimate's customer, else the synced
 * customer it names (a manual order names one from the list until its estimate is written, docs/product.md §5).
 */
export const ORDER_CUSTOMER = `coalesce(so.customer_qb_id, (SELECT c.qb_id FROM customers c WHERE c.tenant_id = so.tenant_id AND c.name = so.customer_name ORDER BY c.id LIMIT 1))`;

/**
 * SQL over a bulk PO line `l`: what ownership reads of it (OwnedLine), as columns: the customer
 * its QuickBooks line names, the customers whose orders drew on it, and the broker's assignment
 * of its item on its PO. A line naming a customer decides by that alone (stockOwner), so its
 * drawers, hundreds of orders on a big run, are not gathered.
 */
export const OWNERSHIP_COLUMNS = `l.customer_qb_id,
  CASE WHEN l.customer_qb_id IS NULL
       THEN coalesce((SELECT array_agg(DISTINCT coalesce(${ORDER_CUSTOMER}, 'name:' || so.customer_name))
                      FROM allocations a JOIN sales_orders so ON so.id = a.sales_order_id
                      WHERE a.purchase_order_line_id = l.id), '{}')
       ELSE '{}'::text[] END AS drawers,
  (SELECT sa.customer_qb_id FROM stock_assignments sa
   WHERE sa.tenant_id = l.tenant_id AND sa.purchase_order_id = l.purchase_order_id AND sa.item_qb_id = l.item_qb_id) AS assigned_to`;

/** What ownership reads of a bulk PO line: the customer it names, whose orders drew on it, and whom the broker gave its item. */
export interface OwnedLine {
  customer_qb_id: string | null;
  /** Every customer whose orders drew on the line, one entry each; an order without a QuickBooks customer counts as its name. */
  drawers: string[];
  /** The customer the broker assigned the item's stock on the PO to (stock_assignments); the same on every line of it. */
  assigned_to: string | null;
}

export type StockOwnerSource = 'quickbooks' | 'broker' | 'orders' | 'shared';

/** The one value every entry has, else null: no entries, some without one, or two different ones. */
function onlyOne(values: readonly (string | null)[]): string | null {
  const first = values[0] ?? null;
  return first !== null && values.every((value) => value === first) ? first : null;
}

/**
 * Whose an item's stock on one bulk PO is, and what decided it: the customer every line of it
 * names in QuickBooks (lines naming a customer decide, even when they disagree: then it is
 * shared); else the customer the broker assigned it to; else the only customer whose orders drew
 * on it. Anything else is shared, and belongs to no one.
 */
export function stockOwner(lines: readonly OwnedLine[]): { owner: string | null; decidedBy: StockOwnerSource } {
  if (lines.some((line) => line.customer_qb_id !== null)) {
    const owner = onlyOne(lines.map((line) => line.customer_qb_id));
    return { owner, decidedBy: owner === null ? 'shared' : 'quickbooks' };
  }
  const assigned = lines[0]?.assigned_to ?? null;
  if (assigned !== null) return { owner: assigned, decidedBy: 'broker' };
  const drawers = new Set(lines.flatMap((line) => line.drawers));
  return drawers.size === 1 ? { owner: [...drawers][0]!, decidedBy: 'orders' } : { owner: null, decidedBy: 'shared' };
}

/** The customer an item's stock on one bulk PO belongs to (stockOwner), else null: shared. */
export const ownerOf = (lines: readonly OwnedLine[]): string | null => stockOwner(lines).owner;

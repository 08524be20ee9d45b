/** One line of a purchase order (spec §3 PO line item). */
export interface PurchaseOrderLine {
  itemName?: string | null;
  itemId?: string | null;
  description?: string | null;
  qty: number;
  unitPrice: number | string;
  qtyRemaining?: number | null;
}

/**
 * A purchase order's lines as the API sends them: a list, or the same list as a JSON string.
 * Anything unreadable gives no lines; spec §8 says the failure is only logged.
 */
export function parseLineItems(items: unknown): PurchaseOrderLine[] {
  if (Array.isArray(items)) return items as PurchaseOrderLine[];
  if (typeof items !== 'string' || items.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(items);
    if (Array.isArray(parsed)) return parsed as PurchaseOrderLine[];
    throw new Error('not a list');
  } catch (error) {
    // eslint-disable-next-line no-console -- spec §8: a line item parse failure is logged only
    console.error('Could not read purchase order line items', error);
    return [];
  }
}

/** What is left of a line; a line without its own figure has not been drawn from. */
export function lineRemaining(line: PurchaseOrderLine): number {
  return line.qtyRemaining ?? line.qty;
}

export function lineTotal(line: PurchaseOrderLine): number {
  return line.qty * Number(line.unitPrice);
}

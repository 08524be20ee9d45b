/** A sales order line as the product shows and edits it (spec §3 "Sales order line item"). */
export interface LineItem {
  itemId: string | null;
  itemName: string | null;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  description: string | null;
  sku: string | null;
}

type RawLine = Record<string, unknown>;

/**
 * The order's lines, whichever way they were stored: an array, or JSON text of one (orders
 * synced by older imports keep them as text). Unreadable text gives no lines.
 */
export function normalizeLineItems(items: unknown): LineItem[] {
  const list = typeof items === 'string' ? parseJson(items) : items;
  if (!Array.isArray(list)) return [];
  return list.filter((line): line is RawLine => typeof line === 'object' && line !== null).map(normalizeLine);
}

/** Reads the camelCase names and their snake_case / short twins; the total falls back to quantity × unit price. */
function normalizeLine(line: RawLine): LineItem {
  const quantity = toNumber(line.quantity ?? line.qty);
  const unitPrice = toNumber(line.unitPrice ?? line.unit_price);
  const total = line.totalPrice ?? line.total_price;
  return {
    itemId: toText(line.itemId ?? line.item_id),
    itemName: toText(line.itemName ?? line.item_name),
    quantity,
    unitPrice,
    totalPrice: total === undefined || total === null || total === '' ? quantity * unitPrice : toNumber(total),
    description: toText(line.description),
    sku: toText(line.sku),
  };
}

/** What a table cell shows for a missing text value. */
export function orDash(value: string | null): string {
  return value ?? '-';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return [];
  }
}

function toNumber(value: unknown): number {
  const n = typeof value === 'string' ? Number.parseFloat(value) : typeof value === 'number' ? value : 0;
  return Number.isFinite(n) ? n : 0;
}

function toText(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

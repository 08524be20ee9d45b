import { toMoneyString } from './money.js';

/**
 * A line of a purchase order, sales order or pull ticket as the product shows it (spec §3).
 * Lines reach the browser under the names each import stored them with; readers get this shape.
 */
export interface LineItem {
  /** The QuickBooks line it is; an edit sends it back so write-back changes that line and no other. */
  lineId: string | null;
  itemId: string | null;
  itemName: string | null;
  description: string | null;
  sku: string | null;
  quantity: number;
  /** Exactly as QuickBooks holds it: print is priced per piece (0.0941). */
  unitPrice: number;
  /** As stored, else quantity × unit price to the cent, as QuickBooks computes a line's amount. */
  totalPrice: number;
  /** What a purchase order line has left; a line without its own figure has not been drawn from. */
  quantityRemaining: number;
}

type RawLine = Record<string, unknown>;

/**
 * A document's lines, sent as an array or as JSON text of one, named in camelCase, snake_case
 * or short (qty). Unreadable text gives no lines, and `onUnreadable` is told why.
 */
export function normalizeLineItems(items: unknown, onUnreadable?: (error: unknown) => void): LineItem[] {
  return listOf(items, onUnreadable)
    .filter((line): line is RawLine => typeof line === 'object' && line !== null)
    .map(normalizeLine);
}

/** The units on a document's lines. */
export function totalQuantity(items: unknown): number {
  return normalizeLineItems(items).reduce((sum, line) => sum + line.quantity, 0);
}

function listOf(items: unknown, onUnreadable?: (error: unknown) => void): unknown[] {
  if (Array.isArray(items)) return items;
  if (typeof items !== 'string' || items.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(items);
    if (Array.isArray(parsed)) return parsed;
    throw new Error('not a list');
  } catch (error) {
    onUnreadable?.(error);
    return [];
  }
}

function normalizeLine(line: RawLine): LineItem {
  const quantity = toNumber(line.quantity ?? line.qty);
  const unitPrice = toNumber(line.unitPrice ?? line.unit_price);
  const total = line.totalPrice ?? line.total_price;
  const remaining = line.qtyRemaining ?? line.qty_remaining;
  return {
    lineId: toText(line.lineId),
    itemId: toText(line.itemId ?? line.item_id),
    itemName: toText(line.itemName ?? line.item_name),
    description: toText(line.description),
    sku: toText(line.sku),
    quantity,
    unitPrice,
    totalPrice: isBlank(total) ? Number(toMoneyString(quantity * unitPrice)) : toNumber(total),
    quantityRemaining: isBlank(remaining) ? quantity : toNumber(remaining),
  };
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function toNumber(value: unknown): number {
  const n = typeof value === 'string' ? Number.parseFloat(value) : typeof value === 'number' ? value : 0;
  return Number.isFinite(n) ? n : 0;
}

function toText(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

import { toMoneyString } from './money.js';
import { sumQuantities } from './quantity.js';

/**
 * A line of a purchase order, sales order or pull ticket as the product shows it (docs/product.md §3).
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
  /**
   * Present ('expense') only for a purchase order's cost booked to an account (freight, setup;
   * itemName is the account): shown with its amount, never stock, so no status nor remaining.
   */
  kind?: 'expense';
  /** The bundle (QuickBooks Group item) a sales order line was sold in; present only for its components. */
  bundle?: LineBundle;
}

/** What the customer bought: `quantity` of the bundle `name`; its components share `lineId`. */
export interface LineBundle {
  lineId: string | null;
  itemId: string | null;
  name: string | null;
  quantity: number;
}

/** A purchase order's expense line: a cost on an account, never stock. */
export function isExpenseLine(line: Pick<LineItem, 'kind'>): boolean {
  return line.kind === 'expense';
}

/** Lines as shown: each bundle's components together under the bundle, other lines alone, in their order. */
export type LineGroup<L extends LineItem = LineItem> = { bundle: LineBundle; lines: L[] } | { bundle: null; lines: [L] };

/**
 * Groups the components of one bundle (same bundle lineId, else same bundle item and name) at the
 * place of the first; lines sold alone stay single groups.
 */
export function groupBundles<L extends LineItem>(lines: L[]): LineGroup<L>[] {
  const groups: LineGroup<L>[] = [];
  const byBundle = new Map<string, { bundle: LineBundle; lines: L[] }>();
  for (const line of lines) {
    if (!line.bundle) {
      groups.push({ bundle: null, lines: [line] });
      continue;
    }
    const key =
      line.bundle.lineId !== null ? `line:${line.bundle.lineId}` : `item:${line.bundle.itemId ?? ''}:${line.bundle.name ?? ''}:${line.bundle.quantity}`;
    const group = byBundle.get(key);
    if (group) {
      group.lines.push(line);
    } else {
      const created = { bundle: line.bundle, lines: [line] };
      byBundle.set(key, created);
      groups.push(created);
    }
  }
  return groups;
}

/** 'Event Kit × 4' — a bundle as the customer bought it. */
export function bundleLabel(bundle: LineBundle): string {
  return `${bundle.name ?? 'Bundle'} × ${new Intl.NumberFormat('en-US').format(bundle.quantity)}`;
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
  return sumQuantities(normalizeLineItems(items), (line) => (isExpenseLine(line) ? 0 : line.quantity));
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
  const amount = line.amount;
  const expense = line.kind === 'expense';
  const bundle = toBundle(line.bundle);
  return {
    lineId: toText(line.lineId),
    itemId: toText(line.itemId ?? line.item_id),
    itemName: toText(line.itemName ?? line.item_name),
    description: toText(line.description),
    sku: toText(line.sku),
    quantity,
    unitPrice,
    totalPrice: !isBlank(total) ? toNumber(total) : !isBlank(amount) ? toNumber(amount) : Number(toMoneyString(quantity * unitPrice)),
    quantityRemaining: expense ? 0 : isBlank(remaining) ? quantity : toNumber(remaining),
    ...(expense ? { kind: 'expense' as const } : {}),
    ...(bundle ? { bundle } : {}),
  };
}

function toBundle(value: unknown): LineBundle | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as RawLine;
  const bundle = { lineId: toText(raw.lineId), itemId: toText(raw.itemId), name: toText(raw.name), quantity: toNumber(raw.quantity) };
  return bundle.lineId === null && bundle.itemId === null && bundle.name === null ? null : bundle;
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

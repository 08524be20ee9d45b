import { sumQuantities, toMoneyString } from '@printpool/domain';
import { formatQuantity } from './format.js';

/** A document line as every PDF prints it, whatever spelling the source used. */
export interface DocumentLine {
  itemId: string;
  name: string;
  description: string;
  sku: string;
  qty: number;
  /** Exactly as QuickBooks holds it: print is priced per piece (0.0941). */
  unitPrice: number;
  /** Money to the cent, as QuickBooks computes a line's amount. */
  total: number;
  /** Present ('expense') only for a purchase order's cost booked to an account (freight, setup): printed as a cost, never counted as stock. */
  kind?: 'expense';
  /** The bundle (QuickBooks Group item) a sales order line was sold in; present only for its components. */
  bundle?: LineBundle;
}

/** What the customer bought: `quantity` of the bundle `name`; its components share `lineId`. */
export interface LineBundle {
  lineId: string | null;
  name: string;
  quantity: number;
}

type Raw = Record<string, unknown>;

const text = (...values: unknown[]): string => {
  for (const v of values) if ((typeof v === 'string' && v.trim() !== '') || typeof v === 'number') return String(v);
  return '-';
};

const num = (...values: unknown[]): number => {
  for (const v of values) {
    const n = typeof v === 'string' ? Number.parseFloat(v) : v;
    if (typeof n === 'number' && Number.isFinite(n)) return n;
  }
  return 0;
};

/**
 * Lines of a sales order, purchase order or pull ticket. docs/product.md §3: items are an array or a
 * JSON string of one (a parse failure gives no lines), fields come camelCase or snake_case,
 * missing values default to 0 or '-', and a missing total is quantity × unit price to the cent,
 * as QuickBooks computes a line's amount, so the printed lines add up to the printed total.
 */
export function normalizeLines(items: unknown): DocumentLine[] {
  let list: unknown = items;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  return list
    .filter((line): line is Raw => typeof line === 'object' && line !== null)
    .map((line) => {
      const qty = num(line.qty, line.quantity);
      const unitPrice = num(line.unit_price, line.unitPrice);
      const bundle = bundleOf(line.bundle);
      return {
        itemId: text(line.item_id, line.itemId),
        name: text(line.item_name, line.itemName, line.name),
        description: text(line.description),
        sku: text(line.sku),
        qty,
        unitPrice,
        total: num(line.totalPrice, line.total_price, line.amount, Number(toMoneyString(qty * unitPrice))),
        ...(line.kind === 'expense' ? { kind: 'expense' as const } : {}),
        ...(bundle ? { bundle } : {}),
      };
    });
}

function bundleOf(value: unknown): LineBundle | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Raw;
  const lineId = typeof raw.lineId === 'string' || typeof raw.lineId === 'number' ? String(raw.lineId) : null;
  const name = text(raw.name);
  if (lineId === null && name === '-') return null;
  return { lineId, name: name === '-' ? 'Bundle' : name, quantity: num(raw.quantity) };
}

/** 'Event Kit × 4': the bundle as the customer bought it. */
export function bundleLabel(bundle: LineBundle): string {
  return `${bundle.name} × ${formatQuantity(bundle.quantity)}`;
}

/**
 * The lines in print order, with a bundle's components together under it (at the place of the
 * first), each group either one line sold alone or one bundle and its components.
 */
export function groupBundles(lines: DocumentLine[]): Array<{ bundle: LineBundle | null; lines: DocumentLine[] }> {
  const groups: Array<{ bundle: LineBundle | null; lines: DocumentLine[] }> = [];
  const byKey = new Map<string, { bundle: LineBundle; lines: DocumentLine[] }>();
  for (const line of lines) {
    if (!line.bundle) {
      groups.push({ bundle: null, lines: [line] });
      continue;
    }
    const key = line.bundle.lineId ?? `${line.bundle.name}:${line.bundle.quantity}`;
    const group = byKey.get(key);
    if (group) group.lines.push(line);
    else {
      const created = { bundle: line.bundle, lines: [line] };
      byKey.set(key, created);
      groups.push(created);
    }
  }
  return groups;
}

/** Units of stock on the lines: a purchase order's expense lines are costs, never stock. */
export function totalQuantity(lines: DocumentLine[]): number {
  return sumQuantities(lines, (line) => (line.kind === 'expense' ? 0 : line.qty));
}

/** The sum of the lines' amounts, as QuickBooks adds them (cents, without float noise). */
export function totalAmount(lines: DocumentLine[]): number {
  return Number(toMoneyString(lines.reduce((sum, line) => sum + line.total, 0)));
}

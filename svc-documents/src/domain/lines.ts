import { toMoneyString } from '@printpool/domain';

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
 * Lines of a sales order, purchase order or pull ticket. Spec §3: items are an array or a
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
      return {
        itemId: text(line.item_id, line.itemId),
        name: text(line.item_name, line.itemName, line.name),
        description: text(line.description),
        sku: text(line.sku),
        qty,
        unitPrice,
        total: num(line.totalPrice, line.total_price, line.amount, Number(toMoneyString(qty * unitPrice))),
      };
    });
}

export function totalQuantity(lines: DocumentLine[]): number {
  return lines.reduce((sum, line) => sum + line.qty, 0);
}

/** The sum of the lines' amounts, as QuickBooks adds them (cents, without float noise). */
export function totalAmount(lines: DocumentLine[]): number {
  return Number(toMoneyString(lines.reduce((sum, line) => sum + line.total, 0)));
}

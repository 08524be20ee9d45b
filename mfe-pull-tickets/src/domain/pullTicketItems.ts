/** A pull ticket item as the product shows it (spec §3 "Pull ticket item"). */
export interface PullTicketItem {
  itemId: string | null;
  itemName: string | null;
  description: string | null;
  sku: string | null;
  quantity: number;
  unitPrice: number;
}

type RawItem = Record<string, unknown>;

/** The ticket's items, stored as an array or as JSON text of one; unreadable text gives no items. */
export function normalizePullTicketItems(items: unknown): PullTicketItem[] {
  const list = typeof items === 'string' ? parseJson(items) : items;
  if (!Array.isArray(list)) return [];
  return list.filter((item): item is RawItem => typeof item === 'object' && item !== null).map(normalizeItem);
}

export function totalQuantity(items: unknown): number {
  return normalizePullTicketItems(items).reduce((sum, item) => sum + item.quantity, 0);
}

/** Reads the snake_case names the tickets are stored with, and their camelCase twins. */
function normalizeItem(item: RawItem): PullTicketItem {
  return {
    itemId: toText(item.item_id ?? item.itemId),
    itemName: toText(item.item_name ?? item.itemName),
    description: toText(item.description),
    sku: toText(item.sku),
    quantity: toNumber(item.qty ?? item.quantity),
    unitPrice: toNumber(item.unit_price ?? item.unitPrice),
  };
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

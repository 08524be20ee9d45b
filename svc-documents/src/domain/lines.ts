import { salesOrderLinesInOrder, type PullTicketLine, type PurchaseOrderItem, type SalesOrderDescriptionLine, type SalesOrderItem } from '@printpool/contracts';
import { sumQuantities, toMoneyString } from '@printpool/domain';
import { formatQuantity } from './format.js';

/** A document line as every PDF prints it, whichever document it comes from. */
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
  /** The sales order line's QuickBooks line id, where description-only lines are placed after it. */
  lineId?: string | null;
}

/** What the customer bought: `quantity` of the bundle `name`; its components share `lineId`. */
export interface LineBundle {
  lineId: string | null;
  name: string;
  quantity: number;
}

/** Text as printed: '-' where the document has none. */
const text = (value: string | null | undefined): string => (value && value.trim() !== '' ? value : '-');

/** What the customer bought when the line is a bundle's component; null for a line sold alone. */
function bundleOf(bundle: { lineId: string | null; name: string | null; quantity: number | null } | null | undefined): LineBundle | null {
  if (!bundle || (bundle.lineId === null && !bundle.name)) return null;
  return { lineId: bundle.lineId, name: bundle.name || 'Bundle', quantity: bundle.quantity ?? 0 };
}

const withBundle = (bundle: LineBundle | null) => (bundle ? { bundle } : {});

/** A sales order's lines as svc-inventory answers them (libs/contracts SalesOrderItemSchema); each carries QuickBooks' amount. */
export function salesOrderLines(items: readonly SalesOrderItem[]): DocumentLine[] {
  return items.map((item) => ({
    itemId: text(item.itemId),
    name: text(item.itemName),
    description: text(item.description),
    sku: text(item.sku),
    qty: item.quantity,
    unitPrice: item.unitPrice,
    total: item.totalPrice,
    lineId: item.lineId,
    ...withBundle(bundleOf(item.bundle)),
  }));
}

/** A purchase order's lines (libs/contracts PurchaseOrderItemSchema): an expense line is a cost, never stock. */
export function purchaseOrderLines(items: readonly PurchaseOrderItem[]): DocumentLine[] {
  return items.map((item) => ({
    itemId: text(item.itemId),
    name: text(item.itemName),
    description: text(item.description),
    sku: '-',
    qty: item.qty,
    unitPrice: item.unitPrice,
    total: item.amount,
    ...(item.kind === 'expense' ? { kind: 'expense' as const } : {}),
  }));
}

/**
 * A pull ticket's lines (libs/contracts PullTicketLineSchema). A ticket carries no line amount:
 * it is quantity × unit price to the cent, as QuickBooks computes a line's amount, so the
 * printed lines add up to the printed total.
 */
export function pullTicketLines(items: readonly PullTicketLine[]): DocumentLine[] {
  return items.map((item) => ({
    itemId: text(item.item_id),
    name: text(item.item_name),
    description: text(item.description),
    sku: text(item.sku),
    qty: item.qty,
    unitPrice: item.unit_price,
    total: Number(toMoneyString(item.qty * item.unit_price)),
    ...withBundle(bundleOf(item.bundle)),
  }));
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

/**
 * A ticket's lines with the QuickBooks line ids of the order lines they were made from (the
 * ticket keeps none): each takes the next order line of the same item, in order, so the order's
 * description-only lines print where they stand on the order.
 */
export function withOrderLineIds(ticketLines: DocumentLine[], orderLines: readonly DocumentLine[]): DocumentLine[] {
  const taken = new Set<number>();
  return ticketLines.map((line) => {
    const at = orderLines.findIndex((candidate, i) => !taken.has(i) && candidate.itemId === line.itemId);
    if (at < 0) return line;
    taken.add(at);
    return { ...line, lineId: orderLines[at]!.lineId ?? null };
  });
}

/** Where description-only lines print among document lines: before the first, after a line (by its QuickBooks line id), or after the last. */
export interface PlacedTexts {
  leading: string[];
  after: Map<DocumentLine, string[]>;
  trailing: string[];
}

export function placeTexts(lines: DocumentLine[], texts: readonly SalesOrderDescriptionLine[]): PlacedTexts {
  const placed: PlacedTexts = { leading: [], after: new Map(), trailing: [] };
  let previous: DocumentLine | null = null;
  for (const row of salesOrderLinesInOrder(
    lines.map((line) => ({ lineId: line.lineId ?? null, line })),
    texts,
  )) {
    if (row.kind === 'item') previous = row.item.line;
    else if (previous === null) placed.leading.push(row.line.description);
    else if (row.line.afterLineId === null || !lines.some((line) => line.lineId === row.line.afterLineId)) placed.trailing.push(row.line.description);
    else placed.after.set(previous, [...(placed.after.get(previous) ?? []), row.line.description]);
  }
  return placed;
}

/**
 * Rows of a line table in print order: each bundle's components under it, and every
 * description-only line where QuickBooks has it, as a row of its own across the table.
 */
export function rowsWithTexts<R>(
  lines: DocumentLine[],
  texts: readonly SalesOrderDescriptionLine[],
  rows: { line: (line: DocumentLine, indent: string) => R; bundle: (bundle: LineBundle) => R; text: (text: string) => R },
): R[] {
  const placed = placeTexts(lines, texts);
  const line = (item: DocumentLine, indent: string) => [rows.line(item, indent), ...(placed.after.get(item) ?? []).map(rows.text)];
  return [
    ...placed.leading.map(rows.text),
    ...groupBundles(lines).flatMap((group) =>
      group.bundle ? [rows.bundle(group.bundle), ...group.lines.flatMap((item) => line(item, '  '))] : group.lines.flatMap((item) => line(item, '')),
    ),
    ...placed.trailing.map(rows.text),
  ];
}

import type { SalesOrder, SalesOrderUpdate, VersionDifference } from '@printpool/contracts';
import { documentVersion } from '@printpool/service-kit';

type OrderForm = Pick<SalesOrder, 'customerName' | 'customerEmail' | 'status' | 'bulkPoId'> & {
  items: readonly Pick<SalesOrder['items'][number], 'lineId' | 'itemId' | 'itemName' | 'quantity' | 'unitPrice' | 'description'>[];
};

const LINE_FIELDS = [
  ['itemId', 'item'],
  ['quantity', 'quantity'],
  ['unitPrice', 'unit price'],
  ['description', 'description'],
] as const;

/** What the Sales Order form shows and saves (docs/product.md §5): the order's version is of these alone. */
function formOf(order: OrderForm): OrderForm {
  return {
    customerName: order.customerName,
    customerEmail: order.customerEmail ?? null,
    status: order.status,
    bulkPoId: order.bulkPoId,
    items: order.items.map((line) => ({
      lineId: line.lineId ?? null,
      itemId: line.itemId ?? null,
      itemName: line.itemName ?? null,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      description: line.description ?? null,
    })),
  };
}

export function salesOrderVersion(order: OrderForm): string {
  return documentVersion(formOf(order));
}

/** A line's place in both versions: its QuickBooks line id, else `#n`, the n-th line without one. */
function keyed<L extends { lineId?: string | null }>(lines: readonly L[]): Map<string, L> {
  let unsaved = 0;
  return new Map(lines.map((line) => [line.lineId ?? `#${++unsaved}`, line]));
}

/** Each field where the order as it now is and a write based on an older version differ, for the screen to offer both. */
export function salesOrderDifferences(current: SalesOrder, proposed: SalesOrderUpdate): VersionDifference[] {
  const differences: VersionDifference[] = [];
  const header = [
    ['customerName', 'Customer', current.customerName, proposed.customerName],
    ['customerEmail', 'Customer email', current.customerEmail ?? null, proposed.customerEmail ?? null],
    ['status', 'Status', current.status, proposed.status],
    ['bulkPoId', 'Bulk PO', current.bulkPoId, proposed.bulkPoId],
  ] as const;
  for (const [path, field, now, mine] of header) if (now !== mine) differences.push({ field, path: [path], current: now, proposed: mine });

  const theirs = keyed(current.items);
  const mine = keyed(
    proposed.items.map((line) => ({
      lineId: line.qbLineId,
      itemId: line.itemQbId,
      itemName: line.itemName,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      description: line.description,
    })),
  );
  const name = (line: { itemName?: string | null; itemId?: string | null; description?: string | null } | undefined, key: string) =>
    `Item ${line?.itemName ?? line?.itemId ?? line?.description ?? key}`;
  for (const key of new Set([...theirs.keys(), ...mine.keys()])) {
    const now = theirs.get(key);
    const ours = mine.get(key);
    if (!now || !ours) {
      differences.push({ field: name(now ?? ours, key), path: ['items', key], current: now ?? null, proposed: ours ?? null });
      continue;
    }
    for (const [path, label] of LINE_FIELDS) {
      const a = now[path] ?? null;
      const b = ours[path] ?? null;
      if (a !== b) differences.push({ field: `${name(now, key)} ${label}`, path: ['items', key, path], current: a, proposed: b });
    }
  }
  return differences;
}

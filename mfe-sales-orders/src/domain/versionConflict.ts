import type { SalesOrder, VersionChoice, VersionDifference } from '@printpool/contracts';
import type { EditableLine, SalesOrderFormValues } from './salesOrderUpdate.js';

const HEADER_FIELDS = new Set(['customerName', 'customerEmail', 'status', 'bulkPoId']);

/** The line a difference's path names: by QuickBooks line id, or `#n`, the n-th line without one (svc-inventory salesOrderVersion.ts). */
function lineIndex(lines: readonly EditableLine[], key: string): number {
  if (!key.startsWith('#')) return lines.findIndex((line) => line.lineId === key);
  const n = Number(key.slice(1));
  let seen = 0;
  return lines.findIndex((line) => !line.lineId && ++seen === n);
}

const editable = (line: SalesOrder['items'][number]): EditableLine => ({
  lineId: line.lineId,
  itemId: line.itemId,
  itemName: line.itemName,
  quantity: line.quantity,
  unitPrice: line.unitPrice,
  description: line.description,
  sku: line.sku,
});

/** The person's form with the saved value taken wherever they chose 'theirs'; everything else stays as they typed it. */
export function resolveConflict(
  mine: SalesOrderFormValues,
  differences: readonly VersionDifference[],
  choices: readonly VersionChoice[],
): SalesOrderFormValues {
  const values: SalesOrderFormValues = { ...mine, items: [...(mine.items ?? [])] };
  const items = values.items!;
  differences.forEach((difference, i) => {
    if (choices[i] !== 'theirs') return;
    const [first, key, field] = difference.path;
    if (first && HEADER_FIELDS.has(first)) {
      (values as unknown as Record<string, unknown>)[first] = difference.current;
      return;
    }
    if (first !== 'items' || key === undefined) return;
    const at = lineIndex(items, key);
    if (field === undefined) {
      // A whole line: gone on the saved side, or only there.
      if (difference.current === null) {
        if (at >= 0) items.splice(at, 1);
      } else if (at < 0) items.push(editable(difference.current as SalesOrder['items'][number]));
      return;
    }
    if (at >= 0) items[at] = { ...items[at], [field]: difference.current };
  });
  return values;
}

import type { AccountingEstimate, EstimateEdit, EstimateLineChange, EstimateLineValues } from '@printpool/contracts';
import { exactQuantity } from '@printpool/domain';

/**
 * The estimate's modelled values as QuickBooks holds them when an order is synced: the common
 * ancestor of a later edit here and a later edit in QuickBooks (docs/quickbooks.md).
 */
export interface QuickbooksBase {
  customerEmail: string | null;
  lines: (EstimateLineValues & { lineId: string })[];
}

export function quickbooksBase(estimate: AccountingEstimate): QuickbooksBase {
  return {
    customerEmail: estimate.customerEmail,
    lines: estimate.lines.map((line) => ({
      lineId: line.lineId,
      itemId: line.itemQbId,
      quantity: line.qty,
      unitPrice: line.unitPrice,
      description: line.description,
    })),
  };
}

/** An order's line as it stands here. */
export interface OrderLine extends EstimateLineValues {
  qbLineId: string | null;
}

/** What the broker changed since the order was synced, field by field. */
export function estimateLineChanges(base: QuickbooksBase, lines: readonly OrderLine[]): EstimateLineChange[] {
  const baseIds = new Set(base.lines.map((line) => line.lineId));
  const byLineId = new Map(lines.filter((line) => line.qbLineId !== null && baseIds.has(line.qbLineId)).map((line) => [line.qbLineId!, line]));
  const changes: EstimateLineChange[] = [];
  for (const { lineId, ...from } of base.lines) {
    const line = byLineId.get(lineId);
    if (!line) {
      changes.push({ kind: 'removed', lineId, from });
      continue;
    }
    const changed = changedFields(line, from);
    if (changed.length === 0) continue;
    const pick = (values: EstimateLineValues) => Object.fromEntries(changed.map((field) => [field, values[field]])) as Partial<EstimateLineValues>;
    changes.push({ kind: 'changed', lineId, from: pick(from), to: pick(line) });
  }
  for (const line of lines) {
    if (line.qbLineId !== null && byLineId.get(line.qbLineId) === line) continue;
    changes.push({ kind: 'added', to: { itemId: line.itemId, quantity: line.quantity, unitPrice: line.unitPrice, description: line.description } });
  }
  return changes;
}

/** The fields of `line` that differ from `from`, as write-back tells them apart. */
export function changedFields(line: EstimateLineValues, from: EstimateLineValues): (keyof EstimateLineValues)[] {
  return CHANGED_FIELDS.filter(([, differs]) => differs(line, from)).map(([field]) => field);
}

const CHANGED_FIELDS: [keyof EstimateLineValues, (line: EstimateLineValues, from: EstimateLineValues) => boolean][] = [
  ['itemId', (line, from) => line.itemId !== from.itemId],
  // The order's line holds QuickBooks' quantity as the import stored it (orders/importEstimates.ts:
  // exactQuantity, which reads a negative or unreadable one as 0): compared the same way, a line
  // saved unchanged is never written back with a quantity QuickBooks does not hold.
  ['quantity', (line, from) => line.quantity !== exactQuantity(from.quantity)],
  ['unitPrice', (line, from) => line.unitPrice !== from.unitPrice],
  ['description', (line, from) => (line.description ?? null) !== (from.description ?? null)],
];

/** The edit write-back sends to the order's estimate. */
export function estimateEdit(
  order: { id: number; qbId: string; syncToken: string; customerEmail: string | null; lines: readonly OrderLine[] },
  base: QuickbooksBase,
): EstimateEdit {
  const email = order.customerEmail ?? null;
  return {
    salesOrderId: order.id,
    qbId: order.qbId,
    syncToken: order.syncToken,
    customerEmail: email === (base.customerEmail ?? null) ? null : { from: base.customerEmail ?? null, to: email },
    lines: estimateLineChanges(base, order.lines),
  };
}

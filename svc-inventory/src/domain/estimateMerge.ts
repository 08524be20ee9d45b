import type { EstimateLineValues } from '@printpool/contracts';
import type { QuickbooksConflict } from '@printpool/domain';
import { changedFields, type OrderLine, type QuickbooksBase } from './estimateEdit.js';

/** One line of the merged order: QuickBooks' line as it now is, the broker's as it stands here, or the broker's with QuickBooks' other changes. */
export type MergedLine =
  | { source: 'quickbooks'; lineId: string }
  | { source: 'printpool'; line: OrderLine }
  | { source: 'both'; line: OrderLine; values: EstimateLineValues; itemFromQuickbooks: boolean };

export interface EstimateMerge {
  customerEmail: string | null;
  lines: MergedLine[];
  conflicts: QuickbooksConflict[];
}

const FIELD_NAMES: Record<keyof EstimateLineValues, string> = { itemId: 'item', quantity: 'quantity', unitPrice: 'unit price', description: 'description' };

const valuesOf = ({ itemId, quantity, unitPrice, description }: EstimateLineValues): EstimateLineValues => ({ itemId, quantity, unitPrice, description });

/**
 * An order with an edit QuickBooks does not have yet, and a newer estimate from QuickBooks: each
 * side's changes since their common ancestor (`base`, the estimate the edit started from, see
 * docs/quickbooks.md), field by field and line by line. A change on one side only is kept;
 * the same field changed to two values is a conflict, which keeps the broker's value here and
 * names QuickBooks' (nothing of either is lost: the broker chooses). A line one side removed
 * and the other changed is a conflict too, and is kept.
 */
export function mergeEstimate(
  base: QuickbooksBase,
  theirs: QuickbooksBase,
  mine: { customerEmail: string | null; lines: readonly OrderLine[] },
): EstimateMerge {
  const conflicts: QuickbooksConflict[] = [];
  const baseById = new Map(base.lines.map((line) => [line.lineId, line]));
  const theirsById = new Map(theirs.lines.map((line) => [line.lineId, line]));
  const mineById = new Map(mine.lines.filter((line) => line.qbLineId !== null && baseById.has(line.qbLineId)).map((line) => [line.qbLineId!, line]));
  const lines: MergedLine[] = [];

  for (const line of theirs.lines) {
    const was = baseById.get(line.lineId);
    const ours = mineById.get(line.lineId);
    if (!was) {
      lines.push({ source: 'quickbooks', lineId: line.lineId });
      continue;
    }
    const label = `Line ${line.lineId}`;
    const theirChanges = changedFields(line, was);
    if (!ours) {
      // The broker removed it: gone, unless QuickBooks changed it meanwhile.
      if (theirChanges.length > 0) {
        conflicts.push({ field: label, printPool: 'removed', quickBooks: valuesOf(line) });
        lines.push({ source: 'quickbooks', lineId: line.lineId });
      }
      continue;
    }
    const ourChanges = new Set(changedFields(ours, was));
    if (ourChanges.size === 0) {
      lines.push({ source: 'quickbooks', lineId: line.lineId });
      continue;
    }
    const values = valuesOf(ours);
    for (const field of theirChanges) {
      if (!ourChanges.has(field)) (values as Record<string, unknown>)[field] = line[field];
      else if (changedFields(line, ours).includes(field))
        conflicts.push({ field: `${label} ${FIELD_NAMES[field]}`, printPool: ours[field], quickBooks: line[field] });
    }
    lines.push({ source: 'both', line: ours, values, itemFromQuickbooks: theirChanges.includes('itemId') && !ourChanges.has('itemId') });
  }
  for (const was of base.lines) {
    if (theirsById.has(was.lineId)) continue;
    const ours = mineById.get(was.lineId);
    // Removed in QuickBooks: gone, unless the broker changed it meanwhile.
    if (ours && changedFields(ours, was).length > 0) {
      conflicts.push({ field: `Line ${was.lineId}`, printPool: valuesOf(ours), quickBooks: 'removed' });
      lines.push({ source: 'printpool', line: ours });
    }
  }
  for (const line of mine.lines) if (line.qbLineId === null || !baseById.has(line.qbLineId)) lines.push({ source: 'printpool', line });

  let customerEmail = mine.customerEmail;
  const emailWas = base.customerEmail ?? null;
  const theirEmail = theirs.customerEmail ?? null;
  if (theirEmail !== emailWas) {
    if (mine.customerEmail === emailWas) customerEmail = theirEmail;
    else if (mine.customerEmail !== theirEmail) conflicts.push({ field: 'Bill-to e-mail', printPool: mine.customerEmail, quickBooks: theirEmail });
  }
  return { customerEmail, lines, conflicts };
}

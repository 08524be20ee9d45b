import { faults } from '../api/faults.js';
import type { EntityName } from '../store/types.js';
import { refValue, roundMoney, type PrepareContext } from './definition.js';

type Line = Record<string, unknown>;

/** Resolves a reference to an existing entity and writes its display name back, as QBO does. */
export function resolveRef(
  holder: Record<string, unknown>,
  field: string,
  entity: EntityName,
  ctx: PrepareContext,
  nameOf: (found: Record<string, unknown>) => unknown,
): Record<string, unknown> {
  const id = refValue(holder[field]);
  if (!id) throw faults.requiredParam(field);
  const found = ctx.lookup(entity, id);
  if (!found) throw faults.invalidReference(`${entity} ${id} was not found or has been deleted`, field);
  holder[field] = { value: id, name: nameOf(found) };
  return found;
}

/**
 * Item lines (`ItemBasedExpenseLineDetail` on purchase orders, `SalesItemLineDetail` on
 * estimates): resolves the item, defaults Qty and UnitPrice, and computes Amount.
 * Returns the lines numbered as QBO numbers them.
 */
export function prepareItemLines(
  draft: Record<string, unknown>,
  detailType: 'ItemBasedExpenseLineDetail' | 'SalesItemLineDetail',
  ctx: PrepareContext,
): Line[] {
  const raw = draft.Line;
  if (!Array.isArray(raw)) throw faults.requiredParam('Line');
  const lines = raw.filter((line): line is Line => typeof line === 'object' && line !== null && line.DetailType !== 'SubTotalLineDetail');
  if (lines.length === 0) throw faults.requiredParam('Line');
  const ids = lineIds(lines);
  return lines.map((line, index) => {
    const prepared: Line = { ...line, Id: ids[index], LineNum: index + 1 };
    if (line.DetailType === detailType) {
      const detail = { ...(line[detailType] as Record<string, unknown> | undefined) };
      const found = resolveRef(detail, 'ItemRef', 'Item', ctx, (itemData) => itemData.Name);
      detail.Qty = typeof detail.Qty === 'number' ? detail.Qty : 1;
      const defaultPrice = detailType === 'SalesItemLineDetail' ? found.UnitPrice : (found.PurchaseCost ?? found.UnitPrice);
      // Given an Amount but no UnitPrice, QBO derives the price from it (so the line stays
      // Amount = Qty × UnitPrice, which it checks on every later write); else the item's price.
      const given = typeof line.Amount === 'number' && detail.Qty !== 0 ? line.Amount / (detail.Qty as number) : undefined;
      detail.UnitPrice = typeof detail.UnitPrice === 'number' ? detail.UnitPrice : (given ?? Number(defaultPrice ?? 0));
      prepared[detailType] = detail;
      prepared.Amount = typeof line.Amount === 'number' ? line.Amount : roundMoney((detail.Qty as number) * (detail.UnitPrice as number));
      prepared.Description ??= found.Description ?? found.Name;
    } else if (line.DetailType === 'DescriptionOnly') {
      prepared.Amount ??= 0;
    } else {
      throw faults.businessValidation(`Unsupported line DetailType ${String(line.DetailType)}`, 'Line.DetailType');
    }
    return prepared;
  });
}

export function linesTotal(lines: Line[]): number {
  return roundMoney(lines.reduce((sum, line) => sum + (typeof line.Amount === 'number' ? line.Amount : 0), 0));
}

/**
 * QBO keeps the Id of every line an update sends with one, so clients can address lines across
 * updates (a sparse write-back that changes line 3 leaves lines 1, 2 and 4 as they were); a line
 * sent without an Id, or with one already taken, gets the next free number.
 */
function lineIds(lines: Line[]): string[] {
  const kept = lines.map((line) => (typeof line.Id === 'string' && /^[1-9]\d{0,8}$/.test(line.Id) ? line.Id : undefined));
  const seen = new Set<string>();
  const unique = kept.map((id) => (id === undefined || seen.has(id) ? undefined : (seen.add(id), id)));
  let next = Math.max(0, ...[...seen].map(Number));
  return unique.map((id) => id ?? String(++next));
}

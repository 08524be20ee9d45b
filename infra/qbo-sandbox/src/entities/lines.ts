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

/** References to sub-records carry the full "Parent:Child" name, as QBO writes them. */
export const qualifiedName = (found: Record<string, unknown>): unknown => found.FullyQualifiedName ?? found.DisplayName ?? found.Name;

type ItemDetail = 'ItemBasedExpenseLineDetail' | 'SalesItemLineDetail';

/** Item types that can stand on a line; Category items only group items in lists, Group items go on group lines. */
const LINE_ITEM_TYPES = new Set(['Inventory', 'NonInventory', 'Service']);

/** One item line: resolves the item, defaults Qty, UnitPrice and (on sales) TaxCodeRef, derives Amount. */
function prepareItemDetail(line: Line, detailType: ItemDetail, ctx: PrepareContext, element: string): Line {
  const detail = { ...(line[detailType] as Record<string, unknown> | undefined) };
  const found = resolveRef(detail, 'ItemRef', 'Item', ctx, qualifiedName);
  if (!LINE_ITEM_TYPES.has(String(found.Type ?? 'NonInventory'))) {
    throw faults.businessValidation(`Item ${String(found.Name)} of type ${String(found.Type)} cannot be used on a ${detailType} line`, `${element}.ItemRef`);
  }
  detail.Qty = typeof detail.Qty === 'number' ? detail.Qty : 1;
  const defaultPrice = detailType === 'SalesItemLineDetail' ? found.UnitPrice : (found.PurchaseCost ?? found.UnitPrice);
  // Given an Amount but no UnitPrice, QBO derives the price from it (so the line stays
  // Amount = Qty × UnitPrice, which it checks on every later write); else the item's price.
  const given = typeof line.Amount === 'number' && detail.Qty !== 0 ? line.Amount / (detail.Qty as number) : undefined;
  detail.UnitPrice = typeof detail.UnitPrice === 'number' ? detail.UnitPrice : (given ?? Number(defaultPrice ?? 0));
  // A line sent without TaxCodeRef is not taxed (QBO would fill in the item's default code; the
  // sandbox leaves the line as sent so clients that never model tax read back what they wrote).
  const prepared: Line = { ...line, [detailType]: detail };
  prepared.Amount = typeof line.Amount === 'number' ? line.Amount : roundMoney((detail.Qty as number) * (detail.UnitPrice as number));
  prepared.Description ??= found.Description ?? found.Name;
  return prepared;
}

/**
 * A bundle (`GroupLineDetail` naming an item of Type Group): QBO expands it into its components,
 * each `Qty` = the component's quantity in the bundle × the bundle `Quantity`, priced at the
 * component's own price; the group line's Amount is their sum. Components sent with the line (a
 * client writing back what it read) are kept as sent.
 */
function prepareGroupLine(line: Line, ctx: PrepareContext, element: string, nextId: () => string): Line {
  const detail = { ...(line.GroupLineDetail as Record<string, unknown> | undefined) };
  const group = resolveRef(detail, 'GroupItemRef', 'Item', ctx, qualifiedName);
  if (group.Type !== 'Group') throw faults.businessValidation(`Item ${String(group.Name)} is not a Group item`, `${element}.GroupItemRef`);
  detail.Quantity = typeof detail.Quantity === 'number' ? detail.Quantity : 1;
  const sent = Array.isArray(detail.Line) ? (detail.Line as unknown[]).filter((part): part is Line => typeof part === 'object' && part !== null) : [];
  const members = (group.ItemGroupDetail as { ItemGroupLine?: { ItemRef: unknown; Qty: number }[] } | undefined)?.ItemGroupLine ?? [];
  const parts: Line[] =
    sent.length > 0
      ? sent
      : members.map((member) => ({
          DetailType: 'SalesItemLineDetail',
          SalesItemLineDetail: { ItemRef: member.ItemRef, Qty: member.Qty * (detail.Quantity as number) },
        }));
  detail.Line = parts.map((part, index) => {
    const prepared = prepareItemDetail(part, 'SalesItemLineDetail', ctx, `${element}.GroupLineDetail.Line[${index}]`);
    return { ...prepared, Id: typeof part.Id === 'string' ? part.Id : nextId(), LineNum: index + 1 };
  });
  const prepared: Line = { ...line, GroupLineDetail: detail };
  prepared.Amount = linesTotal(detail.Line as Line[]);
  prepared.Description ??= group.Description ?? group.Name;
  return prepared;
}

export interface PreparedLines {
  lines: Line[];
  subtotal: number;
  discount: number;
  /** Sum of the lines taxed (TaxCodeRef TAX), before any discount. */
  taxable: number;
}

/**
 * Estimate and invoice lines as QBO keeps them: item, bundle and description-only lines in the
 * order sent, then discount lines (a percentage of the subtotal, or an amount), then the computed
 * subtotal line last. Subtotal lines a client sends back are recomputed.
 */
export function prepareSalesLines(draft: Record<string, unknown>, ctx: PrepareContext): PreparedLines {
  const raw = requireLines(draft);
  const kept = raw.filter((line) => line.DetailType !== 'SubTotalLineDetail');
  const ids = lineIds(kept, raw);
  const goods: Line[] = [];
  const discounts: Line[] = [];
  kept.forEach((line, index) => {
    const element = `Line[${index}]`;
    const base: Line = { ...line, Id: ids.id(index) };
    switch (line.DetailType) {
      case 'SalesItemLineDetail':
        goods.push(prepareItemDetail(base, 'SalesItemLineDetail', ctx, element));
        break;
      case 'GroupLineDetail':
        goods.push(prepareGroupLine(base, ctx, element, ids.next));
        break;
      case 'DescriptionOnly':
        goods.push({ ...base, DescriptionLineDetail: base.DescriptionLineDetail ?? {}, Amount: typeof base.Amount === 'number' ? base.Amount : 0 });
        break;
      case 'DiscountLineDetail':
        discounts.push(base);
        break;
      default:
        throw faults.businessValidation(`Unsupported line DetailType ${String(line.DetailType)}`, `${element}.DetailType`);
    }
  });
  if (goods.length === 0) throw faults.requiredParam('Line');
  const subtotal = linesTotal(goods);
  let discount = 0;
  for (const line of discounts) {
    const detail = { ...(line.DiscountLineDetail as Record<string, unknown> | undefined) };
    if (detail.PercentBased === true) {
      if (typeof detail.DiscountPercent !== 'number') throw faults.requiredParam('DiscountLineDetail.DiscountPercent');
      line.Amount = roundMoney((subtotal * detail.DiscountPercent) / 100);
    } else {
      detail.PercentBased = false;
      if (typeof line.Amount !== 'number') throw faults.requiredParam('Line.Amount');
    }
    detail.DiscountAccountRef ??= { value: '86', name: 'Discounts given' };
    line.DiscountLineDetail = detail;
    discount = roundMoney(discount + (line.Amount as number));
  }
  const taxable = roundMoney(goods.reduce((sum, line) => sum + taxedAmount(line), 0));
  const lines: Line[] = [...goods, ...discounts].map((line, index) => ({ ...line, LineNum: index + 1 }));
  lines.push({ Amount: subtotal, DetailType: 'SubTotalLineDetail', SubTotalLineDetail: {} });
  return { lines, subtotal, discount, taxable };
}

function taxedAmount(line: Line): number {
  if (line.DetailType === 'SalesItemLineDetail') {
    return refValue((line.SalesItemLineDetail as Line).TaxCodeRef) === 'TAX' ? (line.Amount as number) : 0;
  }
  if (line.DetailType === 'GroupLineDetail') {
    return ((line.GroupLineDetail as Line).Line as Line[]).reduce((sum, part) => sum + taxedAmount(part), 0);
  }
  return 0;
}

/**
 * Sales tax as a US QBO company computes it: the transaction's tax code (`TxnTaxDetail.TxnTaxCodeRef`,
 * a TaxCode whose sales rates apply) on the taxable lines, one `TaxLine` per rate. Without a tax
 * code, or with nothing taxable, the tax is 0.
 */
export function computeTax(draft: Record<string, unknown>, prepared: PreparedLines, ctx: PrepareContext): number {
  const given = (draft.TxnTaxDetail as Record<string, unknown> | undefined) ?? {};
  const codeId = refValue(given.TxnTaxCodeRef);
  if (!codeId) {
    draft.TxnTaxDetail = { TotalTax: 0 };
    return 0;
  }
  const holder = { TxnTaxCodeRef: given.TxnTaxCodeRef };
  const code = resolveRef(holder, 'TxnTaxCodeRef', 'TaxCode', ctx, (found) => found.Name);
  const rates = (code.SalesTaxRateList as { TaxRateDetail?: { TaxRateRef: unknown }[] } | undefined)?.TaxRateDetail ?? [];
  // Tax after discount spreads the discount over the taxable share of the subtotal.
  const base =
    draft.ApplyTaxAfterDiscount === true && prepared.subtotal > 0
      ? roundMoney(prepared.taxable * (1 - prepared.discount / prepared.subtotal))
      : prepared.taxable;
  const taxLines = rates.map((detail) => {
    const rateHolder = { TaxRateRef: detail.TaxRateRef };
    const rate = resolveRef(rateHolder, 'TaxRateRef', 'TaxRate', ctx, (found) => found.Name);
    const percent = Number(rate.RateValue ?? 0);
    return {
      Amount: roundMoney((base * percent) / 100),
      DetailType: 'TaxLineDetail',
      TaxLineDetail: {
        TaxRateRef: { value: (rateHolder.TaxRateRef as { value: string }).value },
        PercentBased: true,
        TaxPercent: percent,
        NetAmountTaxable: base,
      },
    };
  });
  const total = roundMoney(taxLines.reduce((sum, line) => sum + line.Amount, 0));
  draft.TxnTaxDetail = { TxnTaxCodeRef: { value: (holder.TxnTaxCodeRef as { value: string }).value }, TotalTax: total, TaxLine: taxLines };
  return total;
}

/**
 * Purchase order lines: item lines (`ItemBasedExpenseLineDetail`) and account lines
 * (`AccountBasedExpenseLineDetail`: freight, setup, charged to an expense account, Amount given).
 */
export function preparePurchaseLines(draft: Record<string, unknown>, ctx: PrepareContext): Line[] {
  const raw = requireLines(draft).filter((line) => line.DetailType !== 'SubTotalLineDetail');
  if (raw.length === 0) throw faults.requiredParam('Line');
  const ids = lineIds(raw, raw);
  return raw.map((line, index) => {
    const element = `Line[${index}]`;
    const base: Line = { ...line, Id: ids.id(index), LineNum: index + 1 };
    switch (line.DetailType) {
      case 'ItemBasedExpenseLineDetail':
        return prepareItemDetail(base, 'ItemBasedExpenseLineDetail', ctx, element);
      case 'AccountBasedExpenseLineDetail': {
        const detail = { ...(line.AccountBasedExpenseLineDetail as Record<string, unknown> | undefined) };
        resolveRef(detail, 'AccountRef', 'Account', ctx, qualifiedName);
        detail.BillableStatus ??= 'NotBillable';
        if (typeof base.Amount !== 'number') throw faults.requiredParam(`${element}.Amount`);
        return { ...base, AccountBasedExpenseLineDetail: detail };
      }
      case 'DescriptionOnly':
        return { ...base, Amount: typeof base.Amount === 'number' ? base.Amount : 0 };
      default:
        throw faults.businessValidation(`Unsupported line DetailType ${String(line.DetailType)}`, `${element}.DetailType`);
    }
  });
}

function requireLines(draft: Record<string, unknown>): Line[] {
  const raw = draft.Line;
  if (!Array.isArray(raw)) throw faults.requiredParam('Line');
  return raw.filter((line): line is Line => typeof line === 'object' && line !== null);
}

export function linesTotal(lines: Line[]): number {
  return roundMoney(lines.reduce((sum, line) => sum + (typeof line.Amount === 'number' ? line.Amount : 0), 0));
}

/**
 * QBO keeps the Id of every line an update sends with one, so clients can address lines across
 * updates (a sparse write-back that changes line 3 leaves lines 1, 2 and 4 as they were); a line
 * sent without an Id, or with one already taken, gets the next free number. Bundle components
 * share the sequence.
 */
function lineIds(lines: Line[], all: Line[]): { id(index: number): string; next(): string } {
  const valid = (id: unknown): id is string => typeof id === 'string' && /^[1-9]\d{0,8}$/.test(id);
  const kept = lines.map((line) => (valid(line.Id) ? line.Id : undefined));
  const seen = new Set<string>();
  const unique = kept.map((id) => (id === undefined || seen.has(id) ? undefined : (seen.add(id), id)));
  const nested = all.flatMap((line) => {
    const parts = (line.GroupLineDetail as { Line?: Line[] } | undefined)?.Line;
    return Array.isArray(parts) ? parts.map((part) => part?.Id).filter(valid) : [];
  });
  let last = Math.max(0, ...[...seen, ...nested].map(Number));
  const assigned: string[] = [];
  const next = () => String(++last);
  return {
    id(index) {
      assigned[index] ??= unique[index] ?? next();
      return assigned[index]!;
    },
    next,
  };
}

import type { AccountingBundle, AccountingDescriptionLine, AccountingLine, AccountingTotals } from '@printpool/contracts';
import { num, obj, str } from './qboDocument.js';

type Raw = Record<string, unknown>;

const ITEM_DETAILS = ['SalesItemLineDetail', 'ItemBasedExpenseLineDetail'] as const;

function itemLine(line: Raw, detail: Raw, fallbackId: string, bundle: AccountingBundle | null): AccountingLine {
  const itemRef = obj(detail.ItemRef);
  const customer = str(obj(detail.CustomerRef)?.value);
  return {
    lineId: str(line.Id) ?? fallbackId,
    itemQbId: str(itemRef?.value),
    itemName: str(itemRef?.name),
    description: str(line.Description),
    qty: num(detail.Qty),
    unitPrice: num(detail.UnitPrice),
    amount: num(line.Amount),
    kind: 'item',
    bundle,
    // Only a purchase order's line names a customer (ItemBasedExpenseLineDetail.CustomerRef).
    ...(customer ? { customerQbId: customer } : {}),
  };
}

const detailOf = (line: Raw) => ITEM_DETAILS.map((name) => obj(line[name])).find(Boolean);

/**
 * A document's goods lines (contracts `AccountingLineSchema`): item lines; each component of a
 * bundle (GroupLineDetail), whose nested Qty QuickBooks already gives for the whole bundle
 * quantity; and a purchase order's account lines (AccountBasedExpenseLineDetail) as `expense`.
 * Description-only, subtotal and discount lines carry no goods; `documentTotals` reads them.
 */
export function mapLines(value: unknown): AccountingLine[] {
  if (!Array.isArray(value)) return [];
  const lines: AccountingLine[] = [];
  value.forEach((raw, index) => {
    const line = obj(raw);
    if (!line) return;
    const fallbackId = String(index + 1);
    const detail = detailOf(line);
    if (detail) {
      lines.push(itemLine(line, detail, fallbackId, null));
      return;
    }
    const group = obj(line.GroupLineDetail);
    if (group) {
      const ref = obj(group.GroupItemRef);
      const bundle: AccountingBundle = { lineId: str(line.Id), itemQbId: str(ref?.value), name: str(ref?.name), quantity: num(group.Quantity) };
      const parts = Array.isArray(group.Line) ? group.Line : [];
      parts.forEach((part, i) => {
        const component = obj(part);
        const componentDetail = component && detailOf(component);
        if (component && componentDetail) lines.push(itemLine(component, componentDetail, `${fallbackId}.${i + 1}`, bundle));
      });
      return;
    }
    const account = obj(line.AccountBasedExpenseLineDetail);
    if (account) {
      lines.push({
        lineId: str(line.Id) ?? fallbackId,
        itemQbId: null,
        itemName: str(obj(account.AccountRef)?.name),
        description: str(line.Description),
        qty: 0,
        unitPrice: 0,
        amount: num(line.Amount),
        kind: 'expense',
        bundle: null,
      });
    }
  });
  return lines;
}

/**
 * A document's description-only lines, each after the goods line it follows in QuickBooks (a
 * bundle's last component for one after a Group line), so they read in QuickBooks' order.
 * Their line ids are the ones `mapLines` gives, fallbacks included.
 */
export function mapDescriptionLines(value: unknown): AccountingDescriptionLine[] {
  if (!Array.isArray(value)) return [];
  const goods = mapLines(value);
  const texts: AccountingDescriptionLine[] = [];
  let after: string | null = null;
  let seen = 0;
  value.forEach((raw, index) => {
    const line = obj(raw);
    if (!line) return;
    if (line.DetailType === 'DescriptionOnly' || (obj(line.DescriptionLineDetail) && !detailOf(line))) {
      const description = str(line.Description);
      if (description) texts.push({ lineId: str(line.Id) ?? String(index + 1), description, afterLineId: after });
      return;
    }
    const produced = mapLines([raw]).length;
    if (produced > 0) {
      seen += produced;
      after = goods[seen - 1]?.lineId ?? after;
    }
  });
  return texts;
}

/**
 * Subtotal, discount and tax as QuickBooks computed them: the subtotal line's amount (else the
 * sum of the goods lines), every discount line, and TxnTaxDetail's total tax.
 */
export function documentTotals(doc: Raw): AccountingTotals {
  const lines = (Array.isArray(doc.Line) ? doc.Line : []).map(obj).filter((line): line is Raw => Boolean(line));
  const subtotalLine = lines.find((line) => line.DetailType === 'SubTotalLineDetail');
  const goods = lines.filter((line) => line.DetailType !== 'SubTotalLineDetail' && line.DetailType !== 'DiscountLineDetail');
  const cents = (value: number) => Math.round(value * 100) / 100;
  return {
    subtotal: subtotalLine ? num(subtotalLine.Amount) : cents(goods.reduce((sum, line) => sum + num(line.Amount), 0)),
    discount: cents(lines.filter((line) => line.DetailType === 'DiscountLineDetail').reduce((sum, line) => sum + num(line.Amount), 0)),
    tax: num(obj(doc.TxnTaxDetail)?.TotalTax),
  };
}

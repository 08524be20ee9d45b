import { formatMoney, formatQuantity, formatUnitPrice, isForeignCurrency, totalsRows } from '../domain/format.js';
import { bundleLabel, groupBundles, totalAmount, totalQuantity, type DocumentLine } from '../domain/lines.js';
import type { Column } from './table.js';

/** The priced line table sales and purchase orders share. Qty is wide enough for QuickBooks' seven decimals (1,234.1234567) on one line. */
export const ORDER_COLUMNS: Column[] = [
  { header: 'Item ID', weight: 1.1 },
  { header: 'Item', weight: 2.2 },
  { header: 'Description', weight: 2.8 },
  { header: 'Qty', weight: 1.3, align: 'right' },
  { header: 'Unit Price', weight: 1.2, align: 'right' },
  { header: 'Total', weight: 1.3, align: 'right' },
];

/**
 * One row a line; an expense line (freight, setup on an account) prints as a cost: 'Cost', the
 * account, its amount, no quantity or price. A bundle prints as a row naming it and how many the
 * customer bought ('Event Kit × 4', 'Bundle'), its components under it.
 */
export function orderRows(lines: DocumentLine[], currency?: string | null): string[][] {
  const row = (line: DocumentLine, indent = ''): string[] =>
    line.kind === 'expense'
      ? ['Cost', line.name, line.description, '-', '-', formatMoney(line.total, currency)]
      : [line.itemId, `${indent}${line.name}`, line.description, formatQuantity(line.qty), formatUnitPrice(line.unitPrice), formatMoney(line.total, currency)];
  return groupBundles(lines).flatMap((group) =>
    group.bundle
      ? [['Bundle', bundleLabel(group.bundle), '', '', '', ''], ...group.lines.map((line) => row(line, '  '))]
      : group.lines.map((line) => row(line)),
  );
}

/** QuickBooks' money figures of an order as svc-inventory sends them. */
export interface OrderMoney {
  totalAmount?: string | number | null;
  subtotal?: string | null;
  discount?: string | null;
  tax?: string | null;
  currency?: string | null;
}

/** 'CAD' for an order in another currency than USD, else 'USD'. */
export function currencyCode(order: OrderMoney): string {
  return isForeignCurrency(order.currency) ? order.currency.trim().toUpperCase() : 'USD';
}

/**
 * Total Qty, then QuickBooks' subtotal, discount and tax when it gave them, and the total
 * (total = subtotal − discount + tax), each in the order's currency, named on the total's label.
 */
export function orderTotals(order: OrderMoney, lines: DocumentLine[]): Array<[string, string]> {
  const rows = totalsRows({ ...order, totalAmount: order.totalAmount ?? totalAmount(lines) });
  return [
    ['Total Qty', formatQuantity(totalQuantity(lines))],
    ...rows.map((row): [string, string] => [row.label === 'Total' ? `Total (${currencyCode(order)})` : row.label, row.text]),
  ];
}

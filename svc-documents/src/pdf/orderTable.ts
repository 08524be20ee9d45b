import { formatMoney, formatQuantity, formatUnitPrice, isForeignCurrency, totalsRows } from '../domain/format.js';
import type { SalesOrderDescriptionLine } from '@printpool/contracts';
import { bundleLabel, rowsWithTexts, totalAmount, totalQuantity, type DocumentLine } from '../domain/lines.js';
import type { Column, TableRow } from './table.js';

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
 * customer bought ('Event Kit × 4', 'Bundle'), its components under it. A sales order's
 * description-only lines ('PROOF MUST BE APPROVED BEFORE RUN') print where QuickBooks has them.
 */
export function orderRows(lines: DocumentLine[], currency?: string | null, texts: readonly SalesOrderDescriptionLine[] = []): TableRow[] {
  return rowsWithTexts<TableRow>(lines, texts, {
    line: (line, indent) =>
      line.kind === 'expense'
        ? ['Cost', line.name, line.description, '-', '-', formatMoney(line.total, currency)]
        : [
            line.itemId,
            `${indent}${line.name}`,
            line.description,
            formatQuantity(line.qty),
            formatUnitPrice(line.unitPrice),
            formatMoney(line.total, currency),
          ],
    bundle: (bundle) => ['Bundle', bundleLabel(bundle), '', '', '', ''],
    text: (text) => ({ text }),
  });
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

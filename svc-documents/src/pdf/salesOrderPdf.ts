import type { TenantProfile } from '../db/tenantProfiles.js';
import { formatDate, formatMoney, formatQuantity } from '../domain/format.js';
import { totalAmount, totalQuantity } from '../domain/lines.js';
import type { SalesOrderDocument } from '../inventory/documentsSource.js';
import { drawAddressBoxes, drawFields, drawLetterhead, drawTotals } from './blocks.js';
import { renderPdf } from './document.js';
import { currencyCode, orderRows, ORDER_COLUMNS } from './orderTable.js';
import { drawTable } from './table.js';

const amount = (value: string | number | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/**
 * Subtotal, discount, tax and total, always all four so the customer sees how the total comes
 * about: QuickBooks' own figures when the estimate gave them, else the lines' sum with no
 * discount or tax (a manual order), total = subtotal − discount + tax.
 */
export function salesOrderTotals(order: SalesOrderDocument): Array<[string, string]> {
  const subtotal = amount(order.subtotal) ?? totalAmount(order.lines);
  const discount = Math.abs(amount(order.discount) ?? 0);
  const tax = amount(order.tax) ?? 0;
  const total = amount(order.totalAmount) ?? subtotal - discount + tax;
  const money = (value: number) => formatMoney(value, order.currency);
  return [
    ['Total Qty', formatQuantity(totalQuantity(order.lines))],
    ['Subtotal', money(subtotal)],
    ['Discount', discount === 0 ? money(0) : `-${money(discount)}`],
    ['Tax', money(tax)],
    [`Total (${currencyCode(order)})`, money(total)],
  ];
}

/** The customer-facing order: who is billed, where it goes, on what terms, its lines and totals. */
export function renderSalesOrderPdf(order: SalesOrderDocument, profile: TenantProfile): Promise<Buffer> {
  return renderPdf(`Sales Order ${order.soNumber}`, (doc) => {
    drawLetterhead(doc, profile, 'SALES ORDER');
    drawFields(doc, [
      ['Order #', order.soNumber],
      ['Order Date', formatDate(order.orderDate ?? order.createdAt)],
      ['Terms', order.terms ?? '-'],
      ['Ship Via', order.shipMethod ?? '-'],
      ...(order.customerPoNumber ? [['Your PO #', order.customerPoNumber] as [string, string]] : []),
      ...(currencyCode(order) === 'USD' ? [] : [['Currency', currencyCode(order)] as [string, string]]),
    ]);
    drawAddressBoxes(doc, [
      { title: 'Bill To', lines: [order.customerName, order.billAddress, order.customerEmail] },
      { title: 'Ship To', lines: [order.customerName, order.shipAddress ?? order.billAddress] },
    ]);
    drawTable(doc, ORDER_COLUMNS, orderRows(order.lines, order.currency, order.descriptionLines), `Sales Order ${order.soNumber} (continued)`);
    drawTotals(doc, salesOrderTotals(order));
  });
}

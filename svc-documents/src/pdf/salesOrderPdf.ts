import type { TenantProfile } from '../db/tenantProfiles.js';
import { formatDate } from '../domain/format.js';
import type { SalesOrder } from '../inventory/documentsSource.js';
import { drawAddressBoxes, drawFields, drawLetterhead, drawTotals } from './blocks.js';
import { renderPdf } from './document.js';
import { currencyCode, orderRows, orderTotals, ORDER_COLUMNS } from './orderTable.js';
import { drawTable } from './table.js';

/** The customer-facing order: lines and totals in USD. */
export function renderSalesOrderPdf(order: SalesOrder, profile: TenantProfile): Promise<Buffer> {
  return renderPdf(`Sales Order ${order.soNumber}`, (doc) => {
    drawLetterhead(doc, profile, 'SALES ORDER');
    drawFields(doc, [
      ['Order #', order.soNumber],
      ['Date', formatDate(order.createdAt)],
      ['Status', order.status],
      ...(currencyCode(order) === 'USD' ? [] : [['Currency', currencyCode(order)] as [string, string]]),
    ]);
    drawAddressBoxes(doc, [{ title: 'Customer', lines: [order.customerName, order.customerEmail] }]);
    drawTable(doc, ORDER_COLUMNS, orderRows(order.lines, order.currency), `Sales Order ${order.soNumber} (continued)`);
    drawTotals(doc, orderTotals(order, order.lines));
  });
}

import type { TenantProfile } from '../db/tenantProfiles.js';
import { formatDate } from '../domain/format.js';
import type { PurchaseOrderDocument } from '../inventory/documentsSource.js';
import { drawAddressBoxes, drawFields, drawLetterhead, drawParagraph, drawTotals } from './blocks.js';
import { renderPdf } from './document.js';
import { currencyCode, orderRows, orderTotals, ORDER_COLUMNS } from './orderTable.js';
import { drawTable } from './table.js';

/** The broker's order to a vendor. */
export function renderPurchaseOrderPdf(order: PurchaseOrderDocument, profile: TenantProfile): Promise<Buffer> {
  return renderPdf(`Purchase Order ${order.poNumber}`, (doc) => {
    drawLetterhead(doc, profile, 'PURCHASE ORDER');
    drawFields(doc, [
      ['PO #', order.poNumber],
      ['Date', formatDate(order.createdAt)],
      ['Type', order.poType ?? '-'],
      ['Status', order.status],
      ['Terms', order.terms ?? '-'],
      ...(currencyCode(order) === 'USD' ? [] : [['Currency', currencyCode(order)] as [string, string]]),
    ]);
    drawAddressBoxes(doc, [
      { title: 'Vendor', lines: [order.vendorName, order.vendorEmail] },
      { title: 'Ship To', lines: [order.shipAddress] },
    ]);
    drawTable(doc, ORDER_COLUMNS, orderRows(order.lines, order.currency), `Purchase Order ${order.poNumber} (continued)`);
    drawTotals(doc, orderTotals(order, order.lines));
    if (order.memo) drawParagraph(doc, 'Memo', order.memo);
  });
}

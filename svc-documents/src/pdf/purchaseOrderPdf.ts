import type { TenantProfile } from '../db/tenantProfiles.js';
import { formatDate, formatQuantity, formatUsd } from '../domain/format.js';
import { totalAmount, totalQuantity } from '../domain/lines.js';
import type { PurchaseOrder } from '../inventory/documentsSource.js';
import { drawAddressBoxes, drawFields, drawLetterhead, drawTotals } from './blocks.js';
import { renderPdf } from './document.js';
import { orderRows, ORDER_COLUMNS } from './orderTable.js';
import { drawTable } from './table.js';

/** The broker's order to a vendor. */
export function renderPurchaseOrderPdf(order: PurchaseOrder, profile: TenantProfile): Promise<Buffer> {
  return renderPdf(`Purchase Order ${order.poNumber}`, (doc) => {
    drawLetterhead(doc, profile, 'PURCHASE ORDER');
    drawFields(doc, [
      ['PO #', order.poNumber],
      ['Date', formatDate(order.createdAt)],
      ['Type', order.poType ?? '-'],
      ['Status', order.status],
    ]);
    drawAddressBoxes(doc, [{ title: 'Vendor', lines: [order.vendorName, order.vendorEmail] }]);
    drawTable(doc, ORDER_COLUMNS, orderRows(order.lines), `Purchase Order ${order.poNumber} (continued)`);
    drawTotals(doc, [
      ['Total Qty', formatQuantity(totalQuantity(order.lines))],
      ['Total (USD)', formatUsd(order.totalAmount ?? totalAmount(order.lines))],
    ]);
  });
}

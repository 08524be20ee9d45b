import type { TenantProfile } from '../db/tenantProfiles.js';
import { formatDate, formatQuantity, formatUnitPrice } from '../domain/format.js';
import { bundleLabel, groupBundles, totalQuantity, type DocumentLine } from '../domain/lines.js';
import type { PullTicket } from '../inventory/documentsSource.js';
import { drawAddressBoxes, drawFields, drawLetterhead, drawParagraph, drawSignatureLines, drawTotals } from './blocks.js';
import { renderPdf } from './document.js';
import { drawTable, type Column } from './table.js';

const COLUMNS: Column[] = [
  { header: 'Item ID', weight: 1.1 },
  { header: 'Item', weight: 2 },
  { header: 'Description', weight: 3.2 },
  { header: 'SKU', weight: 1.4 },
  { header: 'Qty', weight: 0.9, align: 'right' },
  { header: 'Unit Price', weight: 1.2, align: 'right' },
];

/** The ticket a vendor pulls stock by (architecture §6): who ships what, to whom, by when. */
export function renderPullTicketPdf(ticket: PullTicket, profile: TenantProfile): Promise<Buffer> {
  return renderPdf(`Pull Ticket ${ticket.ptNumber}`, (doc) => {
    drawLetterhead(doc, profile, 'PULL TICKET');
    drawFields(doc, [
      ['Ticket #', ticket.ptNumber],
      ['Sales Order', ticket.soNumber ?? '-'],
      ['Created', formatDate(ticket.createdAt)],
      ['Ship By', formatDate(ticket.shipByDate)],
      ['Bulk PO', ticket.bulkPoNumber ?? '-'],
      ['Status', ticket.status],
    ]);
    drawAddressBoxes(doc, [
      { title: 'Ship To', lines: [ticket.customerName, ticket.customerShippingAddress ?? ticket.customerAddress, ticket.customerPhone, ticket.customerEmail] },
      { title: 'Vendor', lines: [ticket.vendorName, ticket.vendorAddress, ticket.vendorPhone, ticket.vendorEmail] },
    ]);
    const row = (line: DocumentLine, indent = '') => [line.itemId, `${indent}${line.name}`, line.description, line.sku, formatQuantity(line.qty), formatUnitPrice(line.unitPrice)];
    // A bundle's components are pulled under the bundle's name ('Event Kit × 4').
    const rows = groupBundles(ticket.lines).flatMap((group) =>
      group.bundle ? [['Bundle', bundleLabel(group.bundle), '', '', '', ''], ...group.lines.map((line) => row(line, '  '))] : group.lines.map((line) => row(line)),
    );
    drawTable(doc, COLUMNS, rows, `Pull Ticket ${ticket.ptNumber} (continued)`);
    drawTotals(doc, [['Total Qty', formatQuantity(totalQuantity(ticket.lines))]]);
    if (ticket.notes) drawParagraph(doc, 'Notes', ticket.notes);
    drawSignatureLines(doc, ['Pulled by', 'Date']);
  });
}

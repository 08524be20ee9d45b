import type { TenantProfile } from '../db/tenantProfiles.js';
import { formatDate, formatQuantity, formatUnitPrice } from '../domain/format.js';
import type { SalesOrderDescriptionLine } from '@printpool/contracts';
import { bundleLabel, rowsWithTexts, totalQuantity, withOrderLineIds, type DocumentLine } from '../domain/lines.js';
import type { PullTicketDocument } from '../inventory/documentsSource.js';
import { drawAddressBoxes, drawFields, drawLetterhead, drawNotice, drawParagraph, drawSignatureLines, drawTotals } from './blocks.js';
import { renderPdf } from './document.js';
import { drawTable, type Column, type TableRow } from './table.js';

/** What a ticket prints from its sales order and bulk PO (pdf/documents.ts reads them). */
export interface PullTicketOrder {
  shipMethod: string | null;
  customerPoNumber: string | null;
  /** The payment terms of the ticket's bulk PO ('Net 30'): the vendor bills the release by them. */
  terms: string | null;
  /** Unit cost by item id from the ticket's bulk PO when the broker prints costs; null prints no price column. */
  unitCosts: Map<string, number> | null;
  /** The order's lines and description-only lines ('PROOF MUST BE APPROVED BEFORE RUN'): the vendor reads them where the order has them. */
  orderLines: DocumentLine[];
  descriptionLines: SalesOrderDescriptionLine[];
}

const NO_ORDER: PullTicketOrder = { shipMethod: null, customerPoNumber: null, terms: null, unitCosts: null, orderLines: [], descriptionLines: [] };

const COLUMNS: Column[] = [
  { header: 'Item ID', weight: 1.1 },
  { header: 'Item', weight: 2 },
  { header: 'Description', weight: 2.8 },
  { header: 'SKU', weight: 1.4 },
  { header: 'Qty', weight: 1.3, align: 'right' },
];
const COST_COLUMN: Column = { header: 'Unit Cost', weight: 1.2, align: 'right' };

/**
 * The line a vendor packs by when shipping straight to the broker's customer: nothing in the
 * box may name the vendor or show a price, and the return address is the broker's.
 */
export function blindShipLine(profile: TenantProfile): string {
  const broker = [profile.companyName ?? profile.legalName, profile.address].filter(Boolean).join(', ');
  return `BLIND SHIP: no invoice, packing slip with prices, or vendor name or logo in or on the package.${broker ? ` Ship as ${broker}.` : ''}`;
}

/**
 * The ticket a vendor pulls stock by (docs/architecture.md §5): who ships what, to whom, how, by when.
 * It goes to the vendor, so it never carries the customer's price (the broker's margin) nor
 * PrintPool's internal status; a ticket's line unit_price is the selling price and is not read.
 * With the 'cost' setting it shows what the broker pays: the bulk PO line's unit cost.
 */
export function renderPullTicketPdf(ticket: PullTicketDocument, profile: TenantProfile, order: PullTicketOrder = NO_ORDER): Promise<Buffer> {
  const costs = profile.pullTicketPrices === 'cost' ? (order.unitCosts ?? new Map<string, number>()) : null;
  return renderPdf(`Pull Ticket ${ticket.ptNumber}`, (doc) => {
    drawLetterhead(doc, profile, 'PULL TICKET');
    drawFields(doc, [
      ['Ticket #', ticket.ptNumber],
      ['Sales Order', ticket.soNumber ?? '-'],
      ['Created', formatDate(ticket.createdAt)],
      ['Ship By', formatDate(ticket.shipByDate)],
      ['Bulk PO', ticket.bulkPoNumber ?? '-'],
      ...(order.terms ? [['Terms', order.terms] as [string, string]] : []),
      ['Ship Via', order.shipMethod ?? '-'],
      ...(order.customerPoNumber ? [['Customer PO', order.customerPoNumber] as [string, string]] : []),
    ]);
    drawNotice(doc, blindShipLine(profile));
    drawAddressBoxes(doc, [
      { title: 'Ship To', lines: [ticket.customerName, ticket.customerShippingAddress ?? ticket.customerAddress, ticket.customerPhone, ticket.customerEmail] },
      { title: 'Vendor', lines: [ticket.vendorName, ticket.vendorAddress, ticket.vendorPhone, ticket.vendorEmail] },
    ]);
    const cost = (line: DocumentLine) => {
      const value = costs?.get(line.itemId);
      return value === undefined ? '-' : formatUnitPrice(value);
    };
    const row = (line: DocumentLine, indent = '') => [
      line.itemId,
      `${indent}${line.name}`,
      line.description,
      line.sku,
      formatQuantity(line.qty),
      ...(costs ? [cost(line)] : []),
    ];
    const blank = costs ? ['', '', '', ''] : ['', '', ''];
    // A bundle's components are pulled under the bundle's name ('Event Kit × 4').
    const rows = rowsWithTexts<TableRow>(withOrderLineIds(ticket.lines, order.orderLines), order.descriptionLines, {
      line: (line, indent) => row(line, indent),
      bundle: (bundle) => ['Bundle', bundleLabel(bundle), ...blank],
      text: (text) => ({ text }),
    });
    drawTable(doc, costs ? [...COLUMNS, COST_COLUMN] : COLUMNS, rows, `Pull Ticket ${ticket.ptNumber} (continued)`);
    drawTotals(doc, [['Total Qty', formatQuantity(totalQuantity(ticket.lines))]]);
    if (ticket.notes) drawParagraph(doc, 'Notes', ticket.notes);
    drawSignatureLines(doc, ['Pulled by', 'Date']);
  });
}

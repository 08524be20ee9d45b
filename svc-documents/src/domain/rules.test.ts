import { describe, expect, it } from '@jest/globals';
import { detectFileType } from './fileType.js';
import { sanitizeFileName } from './fileName.js';
import { documentFileName, formatDate, formatUnitPrice, formatUsd } from './format.js';
import { pullTicketLines, purchaseOrderLines, rowsWithTexts, salesOrderLines, totalAmount, totalQuantity, withOrderLineIds } from './lines.js';
import { pullTicketSubject, salesOrderSubject, shipmentSubject, subjectOrDefault } from './subjects.js';

const bytes = (...values: Array<number | string>) => Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe('detectFileType', () => {
  it('recognises JPEG, PNG, GIF and PDF by their leading bytes', () => {
    expect(detectFileType(bytes(0xff, 0xd8, 0xff, 0xe0))?.contentType).toBe('image/jpeg');
    expect(detectFileType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))?.extension).toBe('png');
    expect(detectFileType(bytes('GIF89a'))?.contentType).toBe('image/gif');
    expect(detectFileType(bytes('GIF87a'))?.extension).toBe('gif');
    expect(detectFileType(bytes('%PDF-1.7'))?.contentType).toBe('application/pdf');
  });

  it('refuses anything else, including a truncated signature and an executable', () => {
    expect(detectFileType(bytes('MZ', 0x90, 0x00))).toBeUndefined();
    expect(detectFileType(bytes(0x89, 'PN'))).toBeUndefined();
    expect(detectFileType(bytes('GIF88a'))).toBeUndefined();
    expect(detectFileType(new Uint8Array())).toBeUndefined();
  });
});

describe('sanitizeFileName', () => {
  it('keeps only the last path segment and drops control and quoting characters', () => {
    expect(sanitizeFileName('../../etc/passwd.png', 'upload')).toBe('passwd.png');
    expect(sanitizeFileName('C:\\Users\\me\\proof "final".pdf', 'upload')).toBe('proof final.pdf');
    expect(sanitizeFileName('a\u0000b\r\n.jpg', 'upload')).toBe('ab.jpg');
  });

  it('falls back for empty or dot-only names and bounds the length', () => {
    expect(sanitizeFileName(undefined, 'upload.png')).toBe('upload.png');
    expect(sanitizeFileName('..', 'upload.png')).toBe('upload.png');
    expect(sanitizeFileName(`${'x'.repeat(300)}.png`, 'f')).toHaveLength(120);
  });
});

describe('formatting', () => {
  it('prints USD with two decimals and en-US grouping', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd('12.345')).toBe('$12.35');
    expect(formatUsd('n/a')).toBe('$0.00');
  });

  it('prints a unit price with every digit QuickBooks holds, at least two', () => {
    expect(formatUnitPrice(1.1595)).toBe('$1.1595');
    expect(formatUnitPrice('0.0941')).toBe('$0.0941');
    expect(formatUnitPrice(12)).toBe('$12.00');
  });

  it('prints a date-only value as the same calendar day', () => {
    expect(formatDate('2025-03-05')).toBe('Mar 5, 2025');
    expect(formatDate('2025-03-05T23:30:00Z')).toBe('Mar 5, 2025');
    expect(formatDate(null)).toBe('-');
  });

  it('names document files after their number', () => {
    expect(documentFileName('PT-000001', 'pull-ticket')).toBe('PT-000001.pdf');
    expect(documentFileName('SO 12/3', 'sales-order')).toBe('SO-12-3.pdf');
    expect(documentFileName('../', 'sales-order')).toBe('sales-order.pdf');
  });
});

describe('document lines', () => {
  const ticketLine = (qty: number, unitPrice: number) => ({ item_id: '7', item_name: 'Cards', description: null, sku: null, qty, unit_price: unitPrice });

  it("prints a line's missing text as '-' and keeps QuickBooks' amount of an order line", () => {
    expect(pullTicketLines([ticketLine(3, 2.5)])).toEqual([{ itemId: '7', name: 'Cards', description: '-', sku: '-', qty: 3, unitPrice: 2.5, total: 7.5 }]);
    const [line] = salesOrderLines([
      { lineId: '1', itemId: '8', itemName: 'Flyers', quantity: 2, unitPrice: 1, totalPrice: 2, description: null, sku: 'FL-1', bundle: null },
    ]);
    expect(line).toEqual({ itemId: '8', name: 'Flyers', description: '-', sku: 'FL-1', qty: 2, unitPrice: 1, total: 2, lineId: '1' });
  });

  it("places QuickBooks' description-only lines among the lines, a ticket's by the order lines it was made from", () => {
    const order = salesOrderLines([
      { lineId: '2', itemId: '8', itemName: 'Flyers', quantity: 2, unitPrice: 1, totalPrice: 2, description: null, sku: null, bundle: null },
      { lineId: '4', itemId: '9', itemName: 'Cards', quantity: 3, unitPrice: 1, totalPrice: 3, description: null, sku: null, bundle: null },
    ]);
    const texts = [
      { lineId: '1', description: 'Heading', afterLineId: null },
      { lineId: '3', description: 'PROOF MUST BE APPROVED BEFORE RUN', afterLineId: '2' },
      { lineId: '5', description: 'After a line removed since', afterLineId: '99' },
    ];
    const print = { line: (line: { name: string }) => line.name, bundle: () => 'bundle', text: (text: string) => `"${text}"` };
    expect(rowsWithTexts(order, texts, print)).toEqual(['"Heading"', 'Flyers', '"PROOF MUST BE APPROVED BEFORE RUN"', 'Cards', '"After a line removed since"']);
    const ticket = withOrderLineIds(
      pullTicketLines([
        { ...ticketLine(3, 1), item_id: '9' },
        { ...ticketLine(2, 1), item_id: '8' },
      ]),
      order,
    );
    expect(ticket.map((line) => line.lineId)).toEqual(['4', '2']);
    expect(rowsWithTexts(ticket, texts, { ...print, line: (line) => line.itemId })).toEqual([
      '"Heading"',
      '9',
      '8',
      '"PROOF MUST BE APPROVED BEFORE RUN"',
      '"After a line removed since"',
    ]);
  });

  it("sums quantities and amounts; a purchase order's expense line is a cost, never stock", () => {
    const lines = purchaseOrderLines([
      { itemName: 'Cards', itemId: '7', description: null, qty: 2, unitPrice: 3, qtyRemaining: 2, qtyReceived: null, kind: 'item', amount: 6 },
      { itemName: 'Freight', itemId: null, description: 'Truck', qty: 0, unitPrice: 0, qtyRemaining: 0, qtyReceived: null, kind: 'expense', amount: 5 },
    ]);
    expect(lines[1]).toMatchObject({ itemId: '-', name: 'Freight', kind: 'expense' });
    expect(totalQuantity(lines)).toBe(2);
    expect(totalAmount(lines)).toBe(11);
  });

  it('keeps sub-cent unit prices and puts a pull ticket line total at the cent QuickBooks would', () => {
    const lines = pullTicketLines([ticketLine(2100, 1.1595), ticketLine(10, 0.2345), ticketLine(3, 0.1)]);
    expect(lines.map((line) => [line.unitPrice, line.total])).toEqual([
      [1.1595, 2434.95],
      [0.2345, 2.35],
      [0.1, 0.3],
    ]);
    expect(totalAmount(lines)).toBe(2437.6);
  });

  it('carries the bundle a component was sold in, and none for a line sold alone', () => {
    const [component, alone] = pullTicketLines([
      { ...ticketLine(4, 20), bundle: { lineId: '20', itemId: 'QB-900', name: 'Event Kit', quantity: 4 } },
      { ...ticketLine(1, 1), bundle: { lineId: null, itemId: null, name: null, quantity: null } },
    ]);
    expect(component!.bundle).toEqual({ lineId: '20', name: 'Event Kit', quantity: 4 });
    expect(alone).not.toHaveProperty('bundle');
  });
});

describe('e-mail rules', () => {
  it('uses the default subjects of docs/product.md §9 unless the sender gave one', () => {
    expect(pullTicketSubject('PT-000001')).toBe('Pull Ticket PT-000001 - Items for Fulfillment');
    expect(shipmentSubject('PT-000001')).toBe('Pull Ticket PT-000001 - Shipped');
    expect(salesOrderSubject('SO-1001-BL')).toBe('Sales Order SO-1001-BL');
    expect(subjectOrDefault('  ', 'Default')).toBe('Default');
    expect(subjectOrDefault(' Rush order ', 'Default')).toBe('Rush order');
  });
});

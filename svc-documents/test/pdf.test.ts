import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEvent } from '@printpool/contracts';
import { waitFor } from '@printpool/service-kit/testing';
import { readTenantProfile } from '../src/db/tenantProfiles.js';
import {
  bundledSalesOrder,
  companyInfo,
  eventKit,
  orderLine,
  OTHER_TENANT,
  pullTicket,
  purchaseOrder,
  purchaseOrderWithFreight,
  salesOrder,
  TENANT,
  tenantProfile,
} from './support/fixtures.js';
import { startHarness, type Harness } from './support/harness.js';
import { pdfPages } from './support/pdfText.js';
import { formatUnitPrice } from '../src/domain/format.js';

let h: Harness;

beforeAll(async () => {
  // No mail is sent here; the URL only has to be well-formed.
  h = await startHarness('smtp://127.0.0.1:9');
  await h.bus.publish(createEvent('identity.settings.updated', TENANT, { bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BL', faxNumber: '(555) 123-4567' }));
  await h.bus.publish(createEvent('accounting.connection.established', TENANT, { realmId: 'r1', companyName: 'Lone Star Print Brokers' }));
  await h.bus.publish(createEvent('accounting.company.updated', TENANT, companyInfo));
  await waitFor(async () => expect(await readTenantProfile(h.db.knex, TENANT)).toEqual(tenantProfile));
});

/** The letterhead every document carries: the broker's QuickBooks CompanyInfo and the fax from Settings. */
const LETTERHEAD = [
  'Lone Star Print Brokers',
  '500 Congress Ave, Suite 210, Austin, TX 78701',
  'Phone: (512) 555-0142',
  'Fax: (555) 123-4567',
  'office@lonestarprint.test',
];

/** Every way a selling price of the ticket's lines could print: $0.05, $0.10, $0.15 and the like. */
const sellingPrices = (items: Array<{ unit_price: number }>) => items.flatMap((item) => [formatUnitPrice(item.unit_price), `$${item.unit_price.toFixed(2)}`]);

afterAll(() => h.close());

async function download(tenantId: string, path: string) {
  const response = await h.call(tenantId, path);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

describe('GET /api/pull-tickets/:id/pdf', () => {
  it('answers a PDF with the letterhead, numbers, ship-to, vendor, PO reference, ship method, customer PO, blind-ship line, every item and quantity, and no price or status', async () => {
    const { response, body } = await download(TENANT, '/api/pull-tickets/41/pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="PT-000042.pdf"');
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPages(body);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    for (const expected of [
      'PULL TICKET',
      ...LETTERHEAD,
      'PT-000042',
      'Ship Via: UPS Ground',
      'Customer PO: ACME-PO-5521',
      'BLIND SHIP',
      'EST-1001-BL',
      'Dec 1, 2026',
      '77 Dock Street, Round Rock, TX 78664',
      'Paper Mill Supply',
      'orders@papermill.test',
      '(737) 555-0199',
      'PO-7788-BL',
      'Deliver to the loading dock before noon.',
      'Pulled by',
      'Date',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    for (const item of pullTicket().items) {
      const row = text.split('\n').find((line) => line.includes(item.item_id!));
      expect(row).toBeDefined();
      expect(row).toContain(item.item_name);
      expect(row).toContain(item.sku);
      expect(row).toContain(item.qty.toLocaleString('en-US'));
    }
    // The customer's price is the broker's margin; the status is PrintPool's own bookkeeping.
    expect(text).not.toContain('$');
    expect(text).not.toMatch(/Unit Price|Unit Cost|Status/);
    expect(text).not.toMatch(/\bpending\b/);
    for (const price of sellingPrices(pullTicket().items)) expect(text).not.toContain(price);
  });

  it("keeps the release charge and the program override the broker's: neither is on the vendor's ticket", async () => {
    expect(pullTicket()).toMatchObject({ releaseCharge: '185.00', programOverride: { reason: 'Trade show samples ahead of the run' } });
    const [text] = await pdfPages((await download(TENANT, '/api/pull-tickets/41/pdf')).body);
    expect(text).toContain('PT-000042');
    expect(text).not.toMatch(/185|charge|override|minimum release|Trade show samples/i);
  });

  it('leaves out the customer PO line when the estimate has none, and still prints a ticket whose order is gone', async () => {
    h.inventory.salesOrders.set('70', { ...salesOrder, id: 70, customerPoNumber: null, shipMethod: null });
    h.inventory.tickets.set('46', { ...pullTicket(1), id: 46, salesOrderId: 70 });
    const [text] = await pdfPages((await download(TENANT, '/api/pull-tickets/46/pdf')).body);
    expect(text).not.toContain('Customer PO');
    expect(text).toMatch(/Ship Via:\s*-/);
    h.inventory.tickets.set('47', { ...pullTicket(1), id: 47, salesOrderId: 404 });
    const gone = await download(TENANT, '/api/pull-tickets/47/pdf');
    expect(gone.response.status).toBe(200);
    expect((await pdfPages(gone.body))[0]).toContain('BLIND SHIP');
  });

  it('paginates a 200-line ticket, repeating the table header and numbering the pages', async () => {
    h.inventory.tickets.set('99', { ...pullTicket(200), id: 99 });
    const { response, body } = await download(TENANT, '/api/pull-tickets/99/pdf');
    expect(response.status).toBe(200);
    const pages = await pdfPages(body);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toMatch(/Item ID\s+Item\s+Description\s+SKU\s+Qty\n/);
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    const all = pages.join('\n');
    for (let i = 0; i < 200; i++) expect(all).toContain(`QB-${100 + i}`);
    expect(pages[pages.length - 1]).toContain('Pulled by');
  });

  it("answers 404 as JSON for another tenant's ticket and an unknown one", async () => {
    for (const [tenant, id] of [
      [OTHER_TENANT, '41'],
      [TENANT, '12345'],
    ] as const) {
      const response = await h.call(tenant, `/api/pull-tickets/${id}/pdf`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/json/);
      expect(((await response.json()) as { message: string }).message).toMatch(/not found/i);
    }
  });

  it('refuses a call without the internal token', async () => {
    const response = await fetch(`${h.url}/api/pull-tickets/41/pdf`);
    expect(response.status).toBe(401);
  });
});

describe('sales and purchase order PDFs', () => {
  it('renders the sales order with the letterhead, bill-to, ship-to, order date, terms, its lines and totals adding up', async () => {
    const { response, body } = await download(TENANT, '/api/sales-orders/7/pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="EST-1001-BL.pdf"');
    const [text] = await pdfPages(body);
    for (const expected of [
      'SALES ORDER',
      ...LETTERHEAD,
      'EST-1001-BL',
      'BILL TO',
      'SHIP TO',
      '1 Billing Way, Austin, TX 78701',
      '77 Dock Street, Round Rock, TX 78664',
      'Order Date: Nov 18, 2026',
      'Terms: Net 30',
      'Ship Via: UPS Ground',
      'Your PO #: ACME-PO-5521',
      'Acme Print Buyers',
      'Business Cards 1',
      'Letterhead',
      '$12.50',
      '$120.00',
      '1,250',
    ]) {
      expect(text).toContain(expected);
    }
    // Bill-to and ship-to sit side by side: the boxes' titles share a line, as do their addresses.
    expect(text).toMatch(/BILL TO\s+SHIP TO/);
    expect(text).toMatch(/1 Billing Way, Austin, TX 78701\s+77 Dock Street, Round Rock, TX 78664/);
    // No figures from QuickBooks (a manual order): subtotal is the lines' sum, no discount or tax.
    const figure = (label: string) => text!.match(new RegExp(`${label}\\s+(-?\\$[\\d,]+\\.\\d\\d)`))?.[1];
    expect({ subtotal: figure('Subtotal'), discount: figure('Discount'), tax: figure('Tax'), total: figure('Total \\(USD\\)') }).toEqual({
      subtotal: '$132.50',
      discount: '$0.00',
      tax: '$0.00',
      total: '$132.50',
    });
    expect(text).not.toMatch(/Status|processing/);
  });

  it('renders the purchase order with the letterhead', async () => {
    const { response, body } = await download(TENANT, '/api/purchase-orders/3/pdf');
    expect(response.status).toBe(200);
    const [text] = await pdfPages(body);
    for (const expected of ['PURCHASE ORDER', ...LETTERHEAD, 'PO-7788-BL', 'Paper Mill Supply', '10,000', '$500.00', '$2,934.95'])
      expect(text).toContain(expected);
  });

  it("answers 404 for another tenant's sales order", async () => {
    expect((await h.call(OTHER_TENANT, '/api/sales-orders/7/pdf')).status).toBe(404);
  });
});

describe('per-piece prices', () => {
  // Print is priced per piece: 2,100 × $1.1595 is $2,434.95, which a price printed at $1.16 would not explain.
  const perPiece = {
    ...salesOrder,
    id: 8,
    soNumber: 'EST-1008-BL',
    items: [
      orderLine({ itemId: 'QB-200', itemName: 'Door Hanger', quantity: 2100, unitPrice: 1.1595, totalPrice: 2434.95, description: '14pt gloss', sku: 'DH-1' }),
      orderLine({ itemId: 'QB-201', itemName: 'Postcard 4x6', quantity: 500, unitPrice: 0.0941, totalPrice: 47.05, description: '16pt matte', sku: 'PC-1' }),
      orderLine({ itemId: 'QB-202', itemName: 'Yard Sign', quantity: 3, unitPrice: 12, totalPrice: 36, description: 'Coroplast', sku: 'YS-1' }),
    ],
    totalQuantity: 2603,
    totalAmount: '2518.00',
  };
  const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

  it('prints each unit price to the digit and the line totals adding up to the printed total', async () => {
    h.inventory.salesOrders.set('8', perPiece);
    const { response, body } = await download(TENANT, '/api/sales-orders/8/pdf');
    expect(response.status).toBe(200);
    const [text] = await pdfPages(body);
    const rows = perPiece.items.map((item) => text!.split('\n').find((line) => line.includes(item.itemId!)) ?? '');
    expect(rows[0]).toMatch(/2,100\s+\$1\.1595\s+\$2,434\.95/);
    expect(rows[1]).toMatch(/500\s+\$0\.0941\s+\$47\.05/);
    expect(rows[2]).toMatch(/3\s+\$12\.00\s+\$36\.00/);
    expect(text).not.toContain('$1.16');

    const lineTotals = rows.map((row) => cents(row.trim().split(/\s+/).at(-1)!));
    const printedTotal = text!.match(/Total \(USD\)\s+(\$[\d,]+\.\d\d)/)?.[1];
    expect(printedTotal).toBe('$2,518.00');
    expect(lineTotals.reduce((sum, total) => sum + total, 0)).toBe(cents(printedTotal!));
  });

  it('prints fractional quantities as QuickBooks holds them, the line totals still adding up', async () => {
    const fractional = {
      ...perPiece,
      id: 9,
      soNumber: 'EST-1009-BL',
      items: [
        orderLine({
          itemId: 'QB-210',
          itemName: 'Carton of envelopes',
          quantity: 2.5,
          unitPrice: 41.3,
          totalPrice: 103.25,
          description: '#10 window',
          sku: 'EN-10',
        }),
        orderLine({
          itemId: 'QB-211',
          itemName: 'Design time',
          quantity: 1.75,
          unitPrice: 85,
          totalPrice: 148.75,
          description: 'Layout and proof',
          sku: 'DS-1',
        }),
        orderLine({
          itemId: 'QB-212',
          itemName: 'Postcard 4x6',
          quantity: 1234.1234567,
          unitPrice: 0.1,
          totalPrice: 123.41,
          description: '16pt matte',
          sku: 'PC-1',
        }),
      ],
      totalQuantity: 1238.3734567,
      totalAmount: '375.41',
    };
    h.inventory.salesOrders.set('9', fractional);
    const [text] = await pdfPages((await download(TENANT, '/api/sales-orders/9/pdf')).body);
    const rows = fractional.items.map((item) => text!.split('\n').find((line) => line.includes(item.itemId!)) ?? '');
    expect(rows[0]).toMatch(/\s2\.5\s+\$41\.30\s+\$103\.25/);
    expect(rows[1]).toMatch(/\s1\.75\s+\$85\.00\s+\$148\.75/);
    expect(rows[2]).toMatch(/\s1,234\.1234567\s+\$0\.10\s+\$123\.41/);
    const printedTotal = text!.match(/Total \(USD\)\s+(\$[\d,]+\.\d\d)/)?.[1];
    expect(rows.map((row) => cents(row.trim().split(/\s+/).at(-1)!)).reduce((sum, total) => sum + total, 0)).toBe(cents(printedTotal!));
  });

  it('prints the purchase order unit prices to the digit too', async () => {
    const [order] = await pdfPages((await download(TENANT, '/api/purchase-orders/3/pdf')).body);
    const poRow = (itemId: string) => order!.split('\n').find((line) => line.includes(itemId));
    expect(poRow('QB-100')).toMatch(/10,000\s+\$0\.05\s+\$500\.00/);
    // No stored line total here: the PDF puts quantity × exact price at the cent, as QuickBooks does.
    expect(poRow('QB-200')).toMatch(/2,100\s+\$1\.1595\s+\$2,434\.95/);
  });
});

describe("QuickBooks' totals, expense lines and bundles", () => {
  const amount = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);
  const lineOf = (text: string, needle: string) => text.split('\n').find((line) => line.includes(needle)) ?? '';
  const figure = (text: string, label: string) => text.match(new RegExp(`${label}\\s+(-?(?:CA)?\\$[\\d,]+\\.\\d\\d)`))?.[1];

  it('prints the sales order with its bundle as bought, and subtotal, discount, tax and total in its currency, adding up', async () => {
    const { response, body } = await download(TENANT, '/api/sales-orders/10/pdf');
    expect(response.status).toBe(200);
    const [text] = await pdfPages(body);
    expect(text).toMatch(/Currency:\s*CAD/);
    // The bundle's row comes first, its components under it.
    const lines = text!.split('\n');
    const kitAt = lines.findIndex((line) => line.includes('Event Kit × 4'));
    expect(kitAt).toBeGreaterThan(-1);
    expect(lines.findIndex((line) => line.includes('QB-300'))).toBeGreaterThan(kitAt);
    expect(lines.findIndex((line) => line.includes('QB-301'))).toBeGreaterThan(kitAt);
    expect(lineOf(text!, 'QB-300')).toMatch(/Banner.*4\s+\$20\.00\s+CA\$80\.00/);

    const printed = {
      subtotal: figure(text!, 'Subtotal'),
      discount: figure(text!, 'Discount'),
      tax: figure(text!, 'Tax'),
      total: figure(text!, 'Total \\(CAD\\)'),
    };
    expect(printed).toEqual({ subtotal: 'CA$150.00', discount: '-CA$15.00', tax: 'CA$6.75', total: 'CA$141.75' });
    const lineTotals = bundledSalesOrder.items.map((item) => amount(lineOf(text!, item.itemId!).trim().split(/\s+/).at(-1)!));
    const lineSum = lineTotals.reduce((sum, total) => sum + total, 0);
    expect(lineSum).toBe(amount(printed.subtotal!));
    expect(lineSum + amount(printed.discount!) + amount(printed.tax!)).toBe(amount(printed.total!));
    expect(text).toMatch(/Total Qty\s+1,044/);
  });

  it('prints an expense line as a cost, not stock, and the figures add up', async () => {
    const { response, body } = await download(TENANT, '/api/purchase-orders/4/pdf');
    expect(response.status).toBe(200);
    const [text] = await pdfPages(body);
    expect(text).not.toContain('Currency:');
    const freight = lineOf(text!, 'Freight');
    expect(freight).toMatch(/Cost\s+Freight\s+Truck to the dock\s+-\s+-\s+\$90\.00/);
    expect(lineOf(text!, 'QB-100')).toMatch(/10,000\s+\$0\.05\s+\$500\.00/);
    // Total Qty counts the cards only.
    expect(text).toMatch(/Total Qty\s+10,000\n/);

    const printed = {
      subtotal: figure(text!, 'Subtotal'),
      discount: figure(text!, 'Discount'),
      tax: figure(text!, 'Tax'),
      total: figure(text!, 'Total \\(USD\\)'),
    };
    expect(printed).toEqual({ subtotal: '$590.00', discount: '-$50.00', tax: '$43.20', total: '$583.20' });
    const lineSum = [lineOf(text!, 'QB-100'), freight].map((line) => amount(line.trim().split(/\s+/).at(-1)!)).reduce((a, b) => a + b, 0);
    expect(lineSum).toBe(amount(printed.subtotal!));
    expect(lineSum + amount(printed.discount!) + amount(printed.tax!)).toBe(amount(printed.total!));
    expect(purchaseOrderWithFreight.items).toHaveLength(2);
  });

  it('prints a pull ticket with bundle components under their bundle name', async () => {
    const base = pullTicket(1);
    h.inventory.tickets.set('45', {
      ...base,
      id: 45,
      items: [
        ...base.items,
        { item_id: 'QB-300', item_name: 'Banner', description: 'Vinyl 3x6', sku: 'BN-1', qty: 4, unit_price: 20, bundle: eventKit },
        { item_id: 'QB-301', item_name: 'Lanyard', description: 'Printed strap', sku: 'LY-1', qty: 40, unit_price: 0.5, bundle: eventKit },
      ] as typeof base.items,
    });
    const [text] = await pdfPages((await download(TENANT, '/api/pull-tickets/45/pdf')).body);
    const lines = text!.split('\n');
    const kitAt = lines.findIndex((line) => line.includes('Event Kit × 4'));
    expect(kitAt).toBeGreaterThan(lines.findIndex((line) => line.includes('QB-100')));
    expect(lines.findIndex((line) => line.includes('QB-300'))).toBeGreaterThan(kitAt);
    expect(lines.findIndex((line) => line.includes('QB-301'))).toBeGreaterThan(kitAt);
    expect(lineOf(text!, 'QB-301')).toMatch(/Lanyard.*LY-1\s+40\s*$/);
    expect(text).toMatch(/Total Qty\s+294/);
  });
});

describe("the 'cost' pull-ticket price setting", () => {
  afterAll(async () => {
    await h.bus.publish(createEvent('identity.settings.updated', TENANT, { bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BL', faxNumber: '(555) 123-4567' }));
    await waitFor(async () => expect((await readTenantProfile(h.db.knex, TENANT)).pullTicketPrices).toBe('none'));
  });

  it("prints what the broker pays, the bulk PO line's unit cost to the digit, never the customer's price", async () => {
    await h.bus.publish(
      createEvent('identity.settings.updated', TENANT, {
        bulkPoSuffix: '-BL',
        bulkEstimateSuffix: '-BL',
        faxNumber: '(555) 123-4567',
        pullTicketPrices: 'cost',
      }),
    );
    await waitFor(async () => expect((await readTenantProfile(h.db.knex, TENANT)).pullTicketPrices).toBe('cost'));
    // Sold at $0.09 and $1.75 a piece; the bulk PO bought them at $0.05 and $1.1595.
    const base = pullTicket(1);
    h.inventory.tickets.set('78', {
      ...base,
      id: 78,
      items: [
        { ...base.items[0]!, item_id: 'QB-100', qty: 250, unit_price: 0.09 },
        { ...base.items[0]!, item_id: 'QB-200', item_name: 'Door Hanger', sku: 'DH-1', qty: 2100, unit_price: 1.75 },
        { ...base.items[0]!, item_id: 'QB-999', item_name: 'Not on the PO', sku: 'NP-1', qty: 5, unit_price: 3 },
      ],
    });
    const [text] = await pdfPages((await download(TENANT, '/api/pull-tickets/78/pdf')).body);
    const row = (itemId: string) => text!.split('\n').find((line) => line.includes(itemId)) ?? '';
    expect(text).toMatch(/Qty\s+Unit Cost/);
    expect(row('QB-100')).toMatch(/250\s+\$0\.05\s*$/);
    expect(row('QB-200')).toMatch(/2,100\s+\$1\.1595\s*$/);
    expect(row('QB-999')).toMatch(/5\s+-\s*$/);
    for (const price of ['$0.09', '$1.75', '$3.00']) expect(text).not.toContain(price);
    expect(purchaseOrder.items.map((item) => item.unitPrice)).toEqual([0.05, 1.1595]);
  });

  it('prints no cost when the order now sits on another PO than the ticket names', async () => {
    h.inventory.tickets.set('79', { ...pullTicket(1), id: 79, bulkPoNumber: 'PO-0001-BL' });
    const [text] = await pdfPages((await download(TENANT, '/api/pull-tickets/79/pdf')).body);
    expect(text!.split('\n').find((line) => line.includes('QB-100'))).toMatch(/250\s+-\s*$/);
  });
});

import { randomBytes } from 'node:crypto';
import type { CustomerStatement, PullTicket, PurchaseOrder, PurchaseOrderItem, SalesOrder, SalesOrderItem } from '@printpool/contracts';
import type { TenantProfile } from '../../src/db/tenantProfiles.js';

/**
 * Inventory's answers for the tenants of the tests, typed by inventory's route contracts
 * (libs/contracts), so a change to what inventory answers breaks them here, where svc-documents
 * reads it. Tenant ids are unique per run: on a shared JetStream server the streams keep other
 * runs' events for fixed ids.
 */
const run = randomBytes(4).toString('hex');
export const TENANT = `tenant-a-${run}`;
export const OTHER_TENANT = `tenant-b-${run}`;

export function pullTicket(itemCount = 3): PullTicket {
  return {
    id: 41,
    ptNumber: 'PT-000042',
    salesOrderId: 7,
    soNumber: 'EST-1001-BL',
    customerName: 'Acme Print Buyers',
    customerEmail: 'buyer@acme.test',
    customerPhone: '(512) 555-0100',
    customerAddress: '1 Billing Way, Austin, TX 78701',
    customerShippingAddress: '77 Dock Street, Round Rock, TX 78664',
    vendorName: 'Paper Mill Supply',
    vendorEmail: 'orders@papermill.test',
    vendorPhone: '(737) 555-0199',
    vendorAddress: '9 Warehouse Rd, Dallas, TX 75201',
    bulkPoNumber: 'PO-7788-BL',
    bulkPoId: 3,
    status: 'pending',
    notes: 'Deliver to the loading dock before noon.',
    shipByDate: '2026-12-01',
    items: Array.from({ length: itemCount }, (_, i) => ({
      item_id: `QB-${100 + i}`,
      item_name: `Business Cards ${i + 1}`,
      description: `16pt matte, run ${i + 1}`,
      sku: `BC-${i + 1}`,
      qty: (i + 1) * 250,
      unit_price: 0.05 * (i + 1),
    })),
    approvalNotes: null,
    attachmentPath: null,
    shippedAt: null,
    carrier: null,
    trackingNumber: null,
    orderDeletedInQuickbooksAt: null,
    // The broker's own: what the vendor bills for the release, and the override it went out under (docs/product.md §11).
    releaseCharge: '185.00',
    programOverride: {
      reason: 'Trade show samples ahead of the run',
      breaches: [{ rule: 'minimumRelease', message: 'Releasing 250 of Business Cards 1 is below the minimum release of 2,500 units on PO-7788-BL.' }],
    },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    version: 'v1',
  };
}

/** A line sold alone, written back as it came from QuickBooks' estimate. */
export const orderLine = (line: Omit<SalesOrderItem, 'lineId' | 'bundle'> & Partial<SalesOrderItem>): SalesOrderItem => ({
  lineId: null,
  bundle: null,
  ...line,
});

/** QuickBooks' own subtotal, discount, tax and currency, unknown: the PDF adds the lines up. */
const noQuickbooksMoney = { subtotal: null, discount: null, tax: null, currency: null };

export const salesOrder: SalesOrder = {
  id: 7,
  soNumber: 'EST-1001-BL',
  customerName: 'Acme Print Buyers',
  customerEmail: 'buyer@acme.test',
  status: 'processing',
  bulkPoId: 3,
  billAddress: '1 Billing Way, Austin, TX 78701',
  shipAddress: '77 Dock Street, Round Rock, TX 78664',
  orderDate: '2026-11-18',
  terms: 'Net 30',
  shipMethod: 'UPS Ground',
  customerPoNumber: 'ACME-PO-5521',
  items: [
    orderLine({ itemId: 'QB-100', itemName: 'Business Cards 1', quantity: 250, unitPrice: 0.05, totalPrice: 12.5, description: '16pt matte', sku: 'BC-1' }),
    orderLine({ itemId: 'QB-101', itemName: 'Letterhead', quantity: 1000, unitPrice: 0.12, totalPrice: 120, description: '24lb bond', sku: 'LH-1' }),
  ],
  descriptionLines: [],
  totalQuantity: 1250,
  totalAmount: '132.50',
  ...noQuickbooksMoney,
  syncStatus: 'synced',
  syncError: null,
  qbId: '1001',
  allocationNote: null,
  bulkPoNumber: 'PO-7788-BL',
  fulfilment: null,
  deletedInQuickbooksAt: null,
  version: 'v1',
  createdAt: '2026-11-19T09:00:00.000Z',
  updatedAt: '2026-11-19T09:00:00.000Z',
};

/**
 * The broker's QuickBooks company as svc-sync publishes its CompanyInfo
 * (libs/contracts/src/events/accounting.ts CompanyUpdatedSchema).
 */
export const companyInfo = {
  realmId: 'r1',
  companyName: 'Lone Star Print Brokers',
  legalName: 'Lone Star Print Brokers LLC',
  address: { line1: '500 Congress Ave', line2: 'Suite 210', city: 'Austin', region: 'TX', postalCode: '78701', country: 'US' },
  phone: '(512) 555-0142',
  email: 'office@lonestarprint.test',
};

/** The letterhead the tenant keeps from companyInfo, the connection and Settings' fax (src/db/tenantProfiles.ts). */
export const tenantProfile: TenantProfile = {
  companyName: 'Lone Star Print Brokers',
  faxNumber: '(555) 123-4567',
  legalName: 'Lone Star Print Brokers LLC',
  address: '500 Congress Ave, Suite 210, Austin, TX 78701',
  phone: '(512) 555-0142',
  email: 'office@lonestarprint.test',
  pullTicketPrices: 'none',
  accountEmail: null,
};

/** A PO line of an item, its amount as QuickBooks computes it. */
const poLine = (line: Omit<PurchaseOrderItem, 'kind' | 'amount'>): PurchaseOrderItem => ({
  ...line,
  kind: 'item',
  amount: Number((line.qty * line.unitPrice).toFixed(2)),
});

export const purchaseOrder: PurchaseOrder = {
  id: 3,
  poNumber: 'PO-7788-BL',
  vendorName: 'Paper Mill Supply',
  vendorEmail: 'orders@papermill.test',
  shipAddress: null,
  terms: 'Net 30',
  memo: null,
  status: 'open',
  poType: 'BULK',
  totalAmount: '2934.95',
  ...noQuickbooksMoney,
  totalQuantity: 12100,
  quantityRemaining: 11850,
  poDate: '2026-11-01',
  qbId: '88',
  overrideStatus: false,
  expiresOn: '2027-11-01',
  remainingPercent: 97.9,
  // Print is priced per piece: QuickBooks holds unit prices such as 1.1595, line amounts to the cent.
  items: [
    poLine({ itemName: 'Business Cards 1', itemId: 'QB-100', description: '16pt matte', qty: 10000, unitPrice: 0.05, qtyRemaining: 9750, qtyReceived: null }),
    poLine({ itemName: 'Door Hanger', itemId: 'QB-200', description: '14pt gloss', qty: 2100, unitPrice: 1.1595, qtyRemaining: 2100, qtyReceived: null }),
  ],
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
  version: 'v1',
};

/** A QuickBooks bundle (Group item) 'Event Kit' bought 4 times: its components share the Group line id. */
export const eventKit = { lineId: '20', itemId: 'QB-900', name: 'Event Kit', quantity: 4 };

/**
 * An estimate as QuickBooks computed it, in Canadian dollars: a line sold alone and a bundle of two
 * components; subtotal 150.00 − discount 15.00 + tax 6.75 = total 141.75.
 */
export const bundledSalesOrder: SalesOrder = {
  ...salesOrder,
  id: 10,
  soNumber: 'EST-1010-BL',
  items: [
    {
      lineId: '1',
      itemId: 'QB-100',
      itemName: 'Business Cards 1',
      quantity: 1000,
      unitPrice: 0.05,
      totalPrice: 50,
      description: '16pt matte',
      sku: 'BC-1',
      bundle: null,
    },
    { lineId: '21', itemId: 'QB-300', itemName: 'Banner', quantity: 4, unitPrice: 20, totalPrice: 80, description: 'Vinyl 3x6', sku: 'BN-1', bundle: eventKit },
    {
      lineId: '22',
      itemId: 'QB-301',
      itemName: 'Lanyard',
      quantity: 40,
      unitPrice: 0.5,
      totalPrice: 20,
      description: 'Printed strap',
      sku: 'LY-1',
      bundle: eventKit,
    },
  ],
  totalQuantity: 1044,
  subtotal: '150.00',
  discount: '15.00',
  tax: '6.75',
  totalAmount: '141.75',
  currency: 'CAD',
};

/**
 * A purchase order with freight booked to an account (an expense line: no item, quantity 0, its
 * amount): subtotal 590.00 − discount 50.00 + tax 43.20 = total 583.20, in US dollars.
 */
export const purchaseOrderWithFreight: PurchaseOrder = {
  ...purchaseOrder,
  id: 4,
  poNumber: 'PO-7790-BL',
  totalAmount: '583.20',
  subtotal: '590.00',
  discount: '50.00',
  tax: '43.20',
  currency: 'USD',
  items: [
    {
      kind: 'item',
      itemName: 'Business Cards 1',
      itemId: 'QB-100',
      description: '16pt matte',
      qty: 10000,
      unitPrice: 0.05,
      qtyRemaining: 10000,
      qtyReceived: null,
      amount: 500,
    },
    {
      kind: 'expense',
      itemName: 'Freight',
      itemId: null,
      description: 'Truck to the dock',
      qty: 0,
      unitPrice: 0,
      qtyRemaining: 0,
      qtyReceived: null,
      amount: 90,
    },
  ],
};

/** Who the documents must print whole, whatever alphabet: Polish, Greek, Cyrillic and Japanese in one name. */
export const UNICODE_CUSTOMER = 'Łódź Ωmega Дизайн 東京';

/**
 * An estimate as a broker's QuickBooks holds one: description-only lines between its item lines
 * (one before them all), terms named as QuickBooks' Term list names them, and a customer whose
 * name is in four scripts.
 */
export const unicodeSalesOrder: SalesOrder = {
  ...salesOrder,
  id: 12,
  soNumber: 'EST-1012-BL',
  customerName: UNICODE_CUSTOMER,
  terms: 'Net 15',
  billAddress: 'ul. Piotrkowska 12, 90-001 Łódź',
  items: [
    orderLine({
      lineId: '2',
      itemId: 'QB-100',
      itemName: 'Business Cards 1',
      quantity: 250,
      unitPrice: 0.05,
      totalPrice: 12.5,
      description: 'Визитки, 16pt',
      sku: 'BC-1',
    }),
    orderLine({
      lineId: '4',
      itemId: 'QB-101',
      itemName: 'Letterhead',
      quantity: 1000,
      unitPrice: 0.12,
      totalPrice: 120,
      description: '24lb bond',
      sku: 'LH-1',
    }),
  ],
  descriptionLines: [
    { lineId: '1', description: 'Spring campaign — 東京 office', afterLineId: null },
    { lineId: '3', description: 'PROOF MUST BE APPROVED BEFORE RUN', afterLineId: '2' },
  ],
};

/** A pull ticket made from unicodeSalesOrder. */
export const unicodePullTicket = (): PullTicket => ({
  ...pullTicket(2),
  id: 48,
  ptNumber: 'PT-000048',
  salesOrderId: 12,
  soNumber: 'EST-1012-BL',
  customerName: UNICODE_CUSTOMER,
  items: [
    { item_id: 'QB-100', item_name: 'Business Cards 1', description: 'Визитки, 16pt', sku: 'BC-1', qty: 250, unit_price: 0.05 },
    { item_id: 'QB-101', item_name: 'Letterhead', description: '24lb bond', sku: 'LH-1', qty: 1000, unit_price: 0.12 },
  ],
});

/** A purchase order QuickBooks gave a ship-to, terms and a memo, for a vendor named in Greek and Cyrillic. */
export const unicodePurchaseOrder: PurchaseOrder = {
  ...purchaseOrder,
  id: 5,
  poNumber: 'PO-7791-BL',
  vendorName: 'Типография Ωmega',
  vendorEmail: 'zakaz@omega.test',
  shipAddress: `${UNICODE_CUSTOMER}, ul. Piotrkowska 12, 90-001 Łódź`,
  terms: '2% 10 Net 30',
  memo: 'Hold at vendor; release against orders — 東京',
};

/**
 * A customer's statement as inventory answers it for October 2026 (libs/contracts
 * inventoryCustomerStatement.ts): envelopes held and released twice, letterhead held on two
 * programs (one ended) and not released, business cards released with nothing held any more.
 */
export const customerStatement: CustomerStatement = {
  customerId: 12,
  customerName: 'Harbor Dental',
  customerEmail: 'office@harbordental.test',
  asOf: '2026-11-28',
  from: '2026-10-01',
  to: '2026-10-31',
  items: [
    {
      itemId: 'QB-200',
      itemName: 'Business Cards',
      atVendor: 0,
      allocated: 0,
      remaining: 0,
      releasedInPeriod: 500,
      releases: [{ shippedOn: '2026-10-14', pullTicketId: 53, ptNumber: 'PT-000053', quantity: 500 }],
      monthsOfSupply: null,
      runOutOn: null,
      programs: [],
    },
    {
      itemId: 'QB-201',
      itemName: 'Envelopes #10',
      atVendor: 4_000,
      allocated: 1_000,
      remaining: 3_000,
      releasedInPeriod: 2_500,
      releases: [
        { shippedOn: '2026-10-06', pullTicketId: 51, ptNumber: 'PT-000051', quantity: 1_500 },
        { shippedOn: '2026-10-20', pullTicketId: 57, ptNumber: 'PT-000057', quantity: 1_000 },
      ],
      monthsOfSupply: 1.6,
      runOutOn: '2027-01-14',
      programs: [{ expiresOn: '2027-01-10', daysLeft: 43, atVendor: 4_000 }],
    },
    {
      itemId: 'QB-202',
      itemName: 'Letterhead',
      atVendor: 12_250.5,
      allocated: 0,
      remaining: 12_250.5,
      releasedInPeriod: 0,
      releases: [],
      monthsOfSupply: 8.2,
      runOutOn: '2027-08-04',
      programs: [
        { expiresOn: '2026-11-20', daysLeft: -8, atVendor: 250.5 },
        { expiresOn: '2027-06-30', daysLeft: 214, atVendor: 12_000 },
      ],
    },
  ],
};

/** A customer QuickBooks has no e-mail address for, holding nothing. */
export const statementWithoutEmail: CustomerStatement = { ...customerStatement, customerId: 13, customerName: 'Quayside Cafe', customerEmail: null, items: [] };

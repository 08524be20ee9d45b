import type { PullTicketLine } from '@printpool/contracts';
import type { PullTicket } from '../api/pullTickets.js';

/** A ticket line as svc-inventory stores it, without description or SKU unless `fields` name them. */
export const ticketLine = (fields: Partial<PullTicketLine> & Pick<PullTicketLine, 'item_id' | 'item_name' | 'qty' | 'unit_price'>): PullTicketLine => ({
  description: null,
  sku: null,
  ...fields,
});

/** Tickets as GET /api/pull-tickets answers them, for the tests. */
export const sentTicket: PullTicket = {
  id: 1,
  ptNumber: 'PT-1001',
  salesOrderId: 2001,
  soNumber: 'EST-2001-BL',
  customerName: 'Harbor Dental',
  customerEmail: 'office@harbordental.com',
  customerPhone: '555-0100',
  customerAddress: '1 Harbor Way, Portland, ME',
  customerShippingAddress: '9 Dock St, Portland, ME',
  vendorName: 'Acme Print',
  vendorEmail: 'orders@acmeprint.com',
  vendorPhone: '555-0199',
  vendorAddress: '50 Press Rd, Boston, MA',
  bulkPoNumber: 'PO-3001-BL',
  bulkPoId: 3001,
  status: 'sent',
  notes: 'Pack in boxes of 250',
  shipByDate: '2099-03-10',
  items: [
    { item_id: 'I-1', item_name: 'Postcard 4x6', description: 'Glossy', sku: 'PC-46', qty: 500, unit_price: 0.25 },
    // Per-piece prices come as QuickBooks holds them, below a cent.
    { item_id: 'I-2', item_name: 'Brochure', description: null, sku: 'BR-1', qty: 250, unit_price: 0.0941 },
  ],
  approvalNotes: null,
  attachmentPath: null,
  shippedAt: null,
  carrier: null,
  trackingNumber: null,
  orderDeletedInQuickbooksAt: null,
  releaseCharge: '75.00',
  programOverride: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  version: 'v1',
};

export const shippedTicket: PullTicket = {
  ...sentTicket,
  id: 2,
  ptNumber: 'PT-1002',
  soNumber: 'EST-2002-BL',
  customerName: 'Lakeside Realty',
  customerEmail: null,
  vendorName: 'Metro Signs',
  vendorEmail: null,
  status: 'shipped',
  items: [ticketLine({ item_id: 'I-3', item_name: 'Yard sign', qty: 40, unit_price: 12 })],
};

export const pendingTicket: PullTicket = {
  ...sentTicket,
  id: 3,
  ptNumber: 'PT-1003',
  soNumber: 'SO-3003',
  customerName: 'Bayview Clinic',
  vendorName: 'Acme Print',
  status: 'pending',
  items: [],
};

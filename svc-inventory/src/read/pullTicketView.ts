import type { Knex } from 'knex';
import type { PullTicket, PullTicketEvent, PullTicketLine, PullTicketProgramOverride } from '@printpool/contracts';
import { toMoneyString } from '@printpool/domain';
import type { PullTicketStatus } from '../domain/pullTicketStatus.js';
import { pullTicketVersion } from '../domain/pullTicketVersion.js';

/** docs/product.md §3 pull ticket item, as the ticket stores it. */
export type PullTicketItem = PullTicketLine;

/** A pull ticket as its routes answer it (libs/contracts inventoryPullTickets.ts). */
export type PullTicketView = PullTicket;

export interface PullTicketRow {
  id: number | string;
  pt_number: string;
  sales_order_id: number | string | null;
  so_number: string | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  customer_address: string | null;
  customer_shipping_address: string | null;
  vendor_name: string | null;
  vendor_email: string | null;
  vendor_phone: string | null;
  vendor_address: string | null;
  bulk_po_number: string | null;
  bulk_po_id: number | string | null;
  status: PullTicketStatus;
  notes: string | null;
  ship_by_date: string | null;
  items: PullTicketItem[] | string;
  approval_notes: string | null;
  attachment_path: string | null;
  shipped_at: Date | string | null;
  carrier: string | null;
  tracking_number: string | null;
  order_deleted_in_quickbooks_at: Date | string | null;
  release_charge: string | number | null;
  program_override: PullTicketProgramOverride | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/**
 * Columns of a pull ticket row (table aliased `pt`). The date is formatted in SQL because the
 * Postgres drivers turn a `date` into a local-time Date, which can shift it by a day.
 */
export const PULL_TICKET_SELECT = `pt.id, pt.pt_number, pt.sales_order_id, pt.so_number, pt.customer_name, pt.customer_email, pt.customer_phone,
  pt.customer_address, pt.customer_shipping_address, pt.vendor_name, pt.vendor_email, pt.vendor_phone, pt.vendor_address,
  pt.bulk_po_number, pt.bulk_po_id, pt.status, pt.notes, to_char(pt.ship_by_date, 'YYYY-MM-DD') AS ship_by_date, pt.items,
  pt.approval_notes, pt.attachment_path, pt.shipped_at, pt.carrier, pt.tracking_number, pt.release_charge, pt.program_override, pt.created_at, pt.updated_at,
  (SELECT so.deleted_in_quickbooks_at FROM sales_orders so WHERE so.tenant_id = pt.tenant_id AND so.id = pt.sales_order_id)
    AS order_deleted_in_quickbooks_at`;

const iso = (value: Date | string) => new Date(value).toISOString();

export function pullTicketView(row: PullTicketRow): PullTicketView {
  const view: Omit<PullTicketView, 'version'> = {
    id: Number(row.id),
    ptNumber: row.pt_number,
    salesOrderId: row.sales_order_id === null ? null : Number(row.sales_order_id),
    soNumber: row.so_number,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    customerPhone: row.customer_phone,
    customerAddress: row.customer_address,
    customerShippingAddress: row.customer_shipping_address,
    vendorName: row.vendor_name,
    vendorEmail: row.vendor_email,
    vendorPhone: row.vendor_phone,
    vendorAddress: row.vendor_address,
    bulkPoNumber: row.bulk_po_number,
    bulkPoId: row.bulk_po_id === null ? null : Number(row.bulk_po_id),
    status: row.status,
    notes: row.notes,
    shipByDate: row.ship_by_date,
    items: typeof row.items === 'string' ? (JSON.parse(row.items) as PullTicketItem[]) : row.items,
    approvalNotes: row.approval_notes,
    attachmentPath: row.attachment_path,
    shippedAt: row.shipped_at === null ? null : iso(row.shipped_at),
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    orderDeletedInQuickbooksAt: row.order_deleted_in_quickbooks_at === null ? null : iso(row.order_deleted_in_quickbooks_at),
    releaseCharge: row.release_charge === null ? null : toMoneyString(Number(row.release_charge)),
    programOverride: typeof row.program_override === 'string' ? (JSON.parse(row.program_override) as PullTicketProgramOverride) : row.program_override,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
  return { ...view, version: pullTicketVersion(view) };
}

/** One ticket of the tenant, read inside `knex` (a transaction, to see its own writes), or undefined. */
export async function loadPullTicket(knex: Knex | Knex.Transaction, tenantId: string, id: number, lock = false): Promise<PullTicketView | undefined> {
  const query = knex('pull_tickets as pt').where({ 'pt.tenant_id': tenantId, 'pt.id': id }).first(knex.raw(PULL_TICKET_SELECT));
  if (lock) query.forUpdate();
  const row = (await query) as PullTicketRow | undefined;
  return row ? pullTicketView(row) : undefined;
}

/** The tenant's tickets of these ids, in id order; ids of other tenants are absent. */
export async function loadPullTickets(knex: Knex | Knex.Transaction, tenantId: string, ids: number[]): Promise<PullTicketView[]> {
  if (ids.length === 0) return [];
  const rows: PullTicketRow[] = await knex('pull_tickets as pt')
    .where('pt.tenant_id', tenantId)
    .whereIn('pt.id', ids)
    .orderBy('pt.id')
    .select(knex.raw(PULL_TICKET_SELECT));
  return rows.map(pullTicketView);
}

/** The event payload of a ticket as it stands. */
export function pullTicketEvent(view: PullTicketView): PullTicketEvent {
  return {
    pullTicketId: view.id,
    ptNumber: view.ptNumber,
    salesOrderId: view.salesOrderId,
    soNumber: view.soNumber,
    status: view.status,
    customerName: view.customerName,
    customerEmail: view.customerEmail,
    customerShippingAddress: view.customerShippingAddress,
    vendorName: view.vendorName,
    vendorEmail: view.vendorEmail,
    bulkPoNumber: view.bulkPoNumber,
    bulkPoId: view.bulkPoId,
    shipByDate: view.shipByDate,
    shippedAt: view.shippedAt,
    carrier: view.carrier,
    trackingNumber: view.trackingNumber,
    // A line carries what its contract names (libs/contracts PullTicketItemSchema); the bundle it came from stays the view's.
    items: view.items.map(({ item_id, item_name, description, sku, qty, unit_price }) => ({ item_id, item_name, description, sku, qty, unit_price })),
    releaseCharge: view.releaseCharge,
    programOverride: view.programOverride,
  };
}

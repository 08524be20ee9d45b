import type { Knex } from 'knex';
import type { AccountingAddress } from '@printpool/contracts';
import { exactQuantity } from '@printpool/domain';
import { formatAddress } from '../domain/address.js';
import type { PullTicketItem } from '../read/pullTicketView.js';

export interface OrderForTicket {
  id: number;
  so_number: string;
  customer_qb_id: string | null;
  customer_name: string;
  customer_email: string | null;
  bill_address: string | null;
  ship_address: string | null;
  memo: string | null;
  bulk_po_id: number | string | null;
}

/** What a new pull ticket carries, as pull_tickets columns. */
export interface TicketContents {
  so_number: string;
  customer_name: string;
  customer_email: string | null;
  customer_phone: string | null;
  customer_address: string | null;
  customer_shipping_address: string | null;
  vendor_name: string | null;
  vendor_email: string | null;
  vendor_phone: string | null;
  vendor_address: string | null;
  bulk_po_number: string | null;
  bulk_po_id: number | null;
  notes: string | null;
  items: PullTicketItem[];
}

/**
 * Gathers a ticket's contents: the customer from the order (the estimate's addresses) with the
 * catalog filling what the estimate lacks; the vendor's contact from the catalog entry of the
 * bulk PO's vendor (the PO's own name and e-mail when that vendor is not synced); the item
 * specs from the order's lines with SKU and description from the item catalog.
 */
export async function ticketContents(trx: Knex.Transaction, tenantId: string, order: OrderForTicket): Promise<TicketContents> {
  const customer: { email: string | null; phone: string | null; address: string | null; ship_address: AccountingAddress | string | null } | undefined =
    order.customer_qb_id === null
      ? undefined
      : await trx('customers').where({ tenant_id: tenantId, qb_id: order.customer_qb_id }).first('email', 'phone', 'address', 'ship_address');
  const vendor:
    | {
        po_number: string;
        vendor_name: string | null;
        po_vendor_email: string | null;
        name: string | null;
        email: string | null;
        phone: string | null;
        address: string | null;
      }
    | undefined =
    order.bulk_po_id === null
      ? undefined
      : await trx('purchase_orders as po')
          .leftJoin('vendors as v', (join) => join.on('v.tenant_id', 'po.tenant_id').andOn('v.qb_id', 'po.vendor_qb_id'))
          .where({ 'po.tenant_id': tenantId, 'po.id': order.bulk_po_id })
          .first('po.po_number', 'po.vendor_name', 'po.vendor_email as po_vendor_email', 'v.name', 'v.email', 'v.phone', 'v.address');
  const lines: {
    item_qb_id: string;
    item_name: string | null;
    description: string | null;
    sku: string | null;
    quantity: string;
    unit_price: string | number;
    bundle_line_id: string | null;
    bundle_item_qb_id: string | null;
    bundle_name: string | null;
    bundle_quantity: string | number | null;
  }[] = await trx('sales_order_lines as l')
    .leftJoin('items as i', (join) => join.on('i.tenant_id', 'l.tenant_id').andOn('i.qb_id', 'l.item_qb_id'))
    .where({ 'l.tenant_id': tenantId, 'l.sales_order_id': order.id })
    .whereNotNull('l.item_qb_id')
    .orderBy(['l.line_no', 'l.id'])
    .select(
      'l.item_qb_id',
      trx.raw('coalesce(l.item_name, i.name) as item_name'),
      trx.raw('coalesce(l.description, i.description) as description'),
      trx.raw('coalesce(l.sku, i.sku) as sku'),
      'l.quantity',
      'l.unit_price',
      'l.bundle_line_id',
      'l.bundle_item_qb_id',
      'l.bundle_name',
      'l.bundle_quantity',
    );
  const catalogShipAddress = customer?.ship_address
    ? formatAddress(typeof customer.ship_address === 'string' ? (JSON.parse(customer.ship_address) as AccountingAddress) : customer.ship_address)
    : null;
  const customerAddress = order.bill_address ?? customer?.address ?? null;
  return {
    so_number: order.so_number,
    customer_name: order.customer_name,
    customer_email: order.customer_email ?? customer?.email ?? null,
    customer_phone: customer?.phone ?? null,
    customer_address: customerAddress,
    // Goods go where the estimate says, else where the customer usually receives them, else to the billing address.
    customer_shipping_address: order.ship_address ?? catalogShipAddress ?? customerAddress,
    vendor_name: vendor ? (vendor.name ?? vendor.vendor_name) : null,
    vendor_email: vendor ? (vendor.email ?? vendor.po_vendor_email) : null,
    vendor_phone: vendor?.phone ?? null,
    vendor_address: vendor?.address ?? null,
    bulk_po_number: vendor?.po_number ?? null,
    bulk_po_id: vendor && order.bulk_po_id !== null ? Number(order.bulk_po_id) : null,
    notes: order.memo,
    items: lines.map((line) => ({
      item_id: line.item_qb_id,
      item_name: line.item_name,
      description: line.description,
      sku: line.sku,
      qty: exactQuantity(line.quantity),
      unit_price: Number(line.unit_price),
      // Components keep their bundle, so the vendor pulls 'Event Kit × 4' as the customer bought it (svc-documents' pullTicketPdf.ts groups by it).
      ...(line.bundle_line_id !== null || line.bundle_name !== null
        ? {
            bundle: {
              lineId: line.bundle_line_id,
              itemId: line.bundle_item_qb_id,
              name: line.bundle_name,
              quantity: line.bundle_quantity === null ? null : Number(line.bundle_quantity),
            },
          }
        : {}),
    })),
  };
}

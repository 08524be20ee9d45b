import type { Knex } from 'knex';
import { salesOrderVersion } from '../domain/salesOrderVersion.js';
import type { SalesOrder, SalesOrderDescriptionLine, SalesOrderFulfilment, SalesOrderItem } from '@printpool/contracts';
import { addQuantities, exactQuantity, subtractQuantity, sumQuantities, toMoneyString, unreleased, type ItemRelease } from '@printpool/domain';
import type { PullTicketStatus } from '../domain/pullTicketStatus.js';
import type { SalesOrderStatus } from '../domain/salesOrderStatus.js';
import { documentMoneyColumns, documentMoneyView, type DocumentMoneyRow } from './documentMoney.js';

/** A sales order as its routes answer it (libs/contracts inventorySalesOrders.ts). */
export type SalesOrderView = SalesOrder;

interface FulfilmentRow {
  id: number | string;
  pt_number: string;
  status: PullTicketStatus;
  shipped_at: string | null;
  carrier: string | null;
  tracking_number: string | null;
  ticket_count: number | string;
}

interface SalesOrderColumns {
  id: number | string;
  so_number: string;
  customer_name: string;
  customer_email: string | null;
  status: SalesOrderStatus;
  bulk_po_id: number | string | null;
  /** numeric, read as a string (013_fractional_quantities.ts); the lines' JSON carries numbers. */
  total_quantity: string;
  total_amount: string | number;
  sync_status: SalesOrder['syncStatus'];
  sync_error: string | null;
  sync_token: string | null;
  qb_id: string | null;
  allocation_note: string | null;
  bill_address: string | null;
  ship_address: string | null;
  order_date: string | null;
  terms: string | null;
  ship_method: string | null;
  customer_po_number: string | null;
  bulk_po_number: string | null;
  fulfilment: FulfilmentRow | string | null;
  deleted_in_quickbooks_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  lines: SalesOrderLineRow[];
  releases: TicketReleaseRow[] | string | null;
  description_lines: SalesOrderDescriptionLine[] | string | null;
}

export type SalesOrderRow = SalesOrderColumns & DocumentMoneyRow;

export interface SalesOrderLineRow {
  qb_line_id: string | null;
  item_qb_id: string | null;
  item_name: string | null;
  quantity: number;
  unit_price: string | number;
  total_price: string | number;
  description: string | null;
  sku: string | null;
  bundle_line_id: string | null;
  bundle_item_qb_id: string | null;
  bundle_name: string | null;
  bundle_quantity: string | number | null;
}

/** Units of one item on the order's tickets that are not cancelled, and of those on shipped ones. */
export interface TicketReleaseRow {
  item_id: string;
  released: number | string;
  shipped: number | string;
}

/** The select list of a SalesOrderRow from `sales_orders AS so`: the order's columns and its lines as a JSON array, in one statement. */
export const SALES_ORDER_SELECT = `so.id, so.so_number, so.customer_name, so.customer_email, so.status, so.bulk_po_id, so.total_quantity,
  so.total_amount, so.sync_status, so.sync_error, so.sync_token, so.qb_id, so.allocation_note, so.created_at, so.updated_at,
  so.deleted_in_quickbooks_at,
  so.bill_address, so.ship_address, to_char(so.txn_date, 'YYYY-MM-DD') AS order_date, so.terms, so.ship_method, so.customer_po_number,
  so.description_lines, ${documentMoneyColumns('so')},
  (SELECT po.po_number FROM purchase_orders po WHERE po.tenant_id = so.tenant_id AND po.id = so.bulk_po_id) AS bulk_po_number,
  (SELECT json_build_object('id', pt.id, 'pt_number', pt.pt_number, 'status', pt.status, 'shipped_at', pt.shipped_at, 'carrier', pt.carrier,
      'tracking_number', pt.tracking_number,
      'ticket_count', (SELECT count(*) FROM pull_tickets n WHERE n.tenant_id = so.tenant_id AND n.sales_order_id = so.id))
    FROM pull_tickets pt WHERE pt.tenant_id = so.tenant_id AND pt.sales_order_id = so.id
    ORDER BY (pt.status = 'cancelled'), pt.id DESC LIMIT 1) AS fulfilment,
  (SELECT coalesce(json_agg(json_build_object(
      'qb_line_id', l.qb_line_id, 'item_qb_id', l.item_qb_id, 'item_name', l.item_name, 'quantity', l.quantity, 'unit_price', l.unit_price,
      'total_price', l.total_price, 'description', l.description, 'sku', l.sku, 'bundle_line_id', l.bundle_line_id,
      'bundle_item_qb_id', l.bundle_item_qb_id, 'bundle_name', l.bundle_name, 'bundle_quantity', l.bundle_quantity
    ) ORDER BY l.line_no, l.id), '[]'::json)
    FROM sales_order_lines l WHERE l.tenant_id = so.tenant_id AND l.sales_order_id = so.id) AS lines,
  (SELECT coalesce(json_agg(json_build_object('item_id', r.item_id, 'released', r.released, 'shipped', r.shipped)), '[]'::json)
    FROM (SELECT i->>'item_id' AS item_id, sum((i->>'qty')::numeric) AS released,
            coalesce(sum((i->>'qty')::numeric) FILTER (WHERE pt.status IN ('shipped', 'delivered')), 0) AS shipped
          FROM pull_tickets pt CROSS JOIN jsonb_array_elements(pt.items) i
          WHERE pt.tenant_id = so.tenant_id AND pt.sales_order_id = so.id AND pt.status <> 'cancelled' AND i->>'item_id' IS NOT NULL
          GROUP BY 1) r) AS releases`;

/**
 * What of each item of the order its tickets released and shipped (docs/product.md §4): the
 * tickets count units by item, so an item's units are spread over its lines in order.
 */
export function itemReleases(row: Pick<SalesOrderRow, 'lines' | 'releases'>): ItemRelease[] {
  const byItem = new Map<string, ItemRelease>();
  for (const line of row.lines) {
    if (line.item_qb_id === null) continue;
    const item = byItem.get(line.item_qb_id) ?? { itemId: line.item_qb_id, ordered: 0, released: 0, shipped: 0 };
    byItem.set(line.item_qb_id, { ...item, ordered: addQuantities(item.ordered, exactQuantity(line.quantity)) });
  }
  const releases = typeof row.releases === 'string' ? (JSON.parse(row.releases) as TicketReleaseRow[]) : (row.releases ?? []);
  for (const release of releases) {
    const item = byItem.get(release.item_id);
    if (item) byItem.set(release.item_id, { ...item, released: exactQuantity(release.released), shipped: exactQuantity(release.shipped) });
  }
  return [...byItem.values()];
}

/** Each line's share of its item's released and shipped units, the earlier lines first. */
function lineReleases(row: SalesOrderRow): { releasedQuantity: number; shippedQuantity: number }[] {
  const left = new Map(itemReleases(row).map((item) => [item.itemId, { released: item.released, shipped: item.shipped }]));
  return row.lines.map((line) => {
    const item = line.item_qb_id === null ? undefined : left.get(line.item_qb_id);
    if (!item) return { releasedQuantity: 0, shippedQuantity: 0 };
    const quantity = exactQuantity(line.quantity);
    const share = { releasedQuantity: Math.min(quantity, item.released), shippedQuantity: Math.min(quantity, item.shipped) };
    item.released = subtractQuantity(item.released, share.releasedQuantity);
    item.shipped = subtractQuantity(item.shipped, share.shippedQuantity);
    return share;
  });
}

export function salesOrderView(row: SalesOrderRow): SalesOrderView {
  const released = lineReleases(row);
  const view: Omit<SalesOrderView, 'version'> = {
    id: Number(row.id),
    soNumber: row.so_number,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    status: row.status,
    bulkPoId: row.bulk_po_id === null ? null : Number(row.bulk_po_id),
    items: row.lines.map((line, index) => ({
      lineId: line.qb_line_id,
      itemId: line.item_qb_id,
      itemName: line.item_name,
      quantity: line.quantity,
      unitPrice: Number(line.unit_price),
      totalPrice: Number(line.total_price),
      description: line.description,
      sku: line.sku,
      bundle: bundleView(line),
      ...released[index],
    })),
    descriptionLines: descriptionLinesView(row.description_lines),
    totalQuantity: exactQuantity(row.total_quantity),
    totalAmount: toMoneyString(Number(row.total_amount)),
    ...documentMoneyView(row),
    syncStatus: row.sync_status,
    syncError: row.sync_error,
    qbId: row.qb_id,
    allocationNote: row.allocation_note,
    billAddress: row.bill_address,
    shipAddress: row.ship_address,
    orderDate: row.order_date,
    terms: row.terms,
    shipMethod: row.ship_method,
    customerPoNumber: row.customer_po_number,
    bulkPoNumber: row.bulk_po_number,
    fulfilment: fulfilmentView(row.fulfilment),
    unreleasedQuantity: sumQuantities(itemReleases(row), unreleased),
    deletedInQuickbooksAt: row.deleted_in_quickbooks_at === null ? null : new Date(row.deleted_in_quickbooks_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
  return { ...view, version: salesOrderVersion(view) };
}

function fulfilmentView(value: FulfilmentRow | string | null): SalesOrderFulfilment | null {
  if (value === null) return null;
  const row = typeof value === 'string' ? (JSON.parse(value) as FulfilmentRow) : value;
  return {
    pullTicketId: Number(row.id),
    ptNumber: row.pt_number,
    status: row.status,
    shippedAt: row.shipped_at === null ? null : new Date(row.shipped_at).toISOString(),
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    ticketCount: Number(row.ticket_count),
  };
}

function descriptionLinesView(value: SalesOrderDescriptionLine[] | string | null): SalesOrderDescriptionLine[] {
  const lines = typeof value === 'string' ? (JSON.parse(value) as SalesOrderDescriptionLine[]) : (value ?? []);
  return lines.map((line) => ({ lineId: line.lineId, description: line.description, afterLineId: line.afterLineId ?? null }));
}

function bundleView(line: SalesOrderLineRow): SalesOrderItem['bundle'] {
  if (line.bundle_line_id === null && line.bundle_item_qb_id === null && line.bundle_name === null) return null;
  return { lineId: line.bundle_line_id, itemId: line.bundle_item_qb_id, name: line.bundle_name, quantity: Number(line.bundle_quantity ?? 0) };
}

export async function loadSalesOrderRows(knex: Knex | Knex.Transaction, tenantId: string, ids: number[]): Promise<SalesOrderRow[]> {
  if (ids.length === 0) return [];
  return knex('sales_orders as so').where('so.tenant_id', tenantId).whereIn('so.id', ids).orderBy('so.id').select(knex.raw(SALES_ORDER_SELECT));
}

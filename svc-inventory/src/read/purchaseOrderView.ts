import type { Knex } from 'knex';
import { lineAmount, type PurchaseOrder } from '@printpool/contracts';
import { remainingPercent, sumQuantities, toMoneyString } from '@printpool/domain';
import { documentMoneyColumns, documentMoneyView, type DocumentMoneyRow } from './documentMoney.js';
import { purchaseOrderVersion } from '../domain/purchaseOrderVersion.js';
import { PROGRAM_EXPIRES_ON } from './programExpiry.js';

type PurchaseOrderStatus = PurchaseOrder['status'];

/** A purchase order as its routes answer it (libs/contracts inventoryPurchaseOrders.ts). */
export type PurchaseOrderView = PurchaseOrder;

interface PurchaseOrderColumns {
  id: number | string;
  po_number: string;
  vendor_name: string | null;
  vendor_email: string | null;
  ship_address: string | null;
  memo: string | null;
  terms: string | null;
  total_amount: string | number;
  source_status: PurchaseOrderStatus;
  override_status: PurchaseOrderStatus | null;
  po_type: PurchaseOrder['poType'];
  po_date: string | null;
  qb_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  expires_on: string | null;
  lines: PurchaseOrderLineRow[];
}

export type PurchaseOrderRow = PurchaseOrderColumns & DocumentMoneyRow;

export interface PurchaseOrderLineRow {
  item_name: string | null;
  item_qb_id: string | null;
  description: string | null;
  qty: number;
  unit_price: string | number;
  qty_remaining: number;
  qty_received: number | null;
  kind: 'item' | 'expense';
  /** Null for a line stored before QuickBooks' amount was kept. */
  amount: string | number | null;
}

/**
 * The select list of a PurchaseOrderRow from `purchase_orders AS po`: the order's columns and its lines as a JSON array, in one statement.
 * QuickBooks leaves a PO's POEmail empty unless someone typed one; the vendor's own e-mail is where the PO goes then.
 */
export const PURCHASE_ORDER_SELECT = `po.id, po.po_number, po.vendor_name,
  coalesce(po.vendor_email, (SELECT v.email FROM vendors v WHERE v.tenant_id = po.tenant_id AND v.qb_id = po.vendor_qb_id)) AS vendor_email,
  po.ship_address, po.memo, po.terms, po.total_amount, po.source_status,
  po.override_status, po.po_type, to_char(po.txn_date, 'YYYY-MM-DD') AS po_date, po.qb_id, po.created_at, po.updated_at, ${documentMoneyColumns('po')},
  to_char(${PROGRAM_EXPIRES_ON}, 'YYYY-MM-DD') AS expires_on,
  (SELECT coalesce(json_agg(json_build_object(
      'item_name', l.item_name, 'item_qb_id', l.item_qb_id, 'description', l.description,
      'qty', l.qty, 'unit_price', l.unit_price, 'qty_remaining', l.qty_remaining, 'qty_received', l.qty_received,
      'kind', l.kind, 'amount', l.amount
    ) ORDER BY l.line_no, l.id), '[]'::json)
    FROM purchase_order_lines l WHERE l.tenant_id = po.tenant_id AND l.purchase_order_id = po.id) AS lines`;

export function purchaseOrderView(row: PurchaseOrderRow): PurchaseOrderView {
  const items = row.lines.map((line) => ({
    itemName: line.item_name,
    itemId: line.item_qb_id,
    description: line.description,
    qty: line.qty,
    unitPrice: Number(line.unit_price),
    qtyRemaining: line.qty_remaining,
    qtyReceived: line.qty_received,
    kind: line.kind,
    amount: line.amount === null ? lineAmount(line.qty, Number(line.unit_price)) : Number(line.amount),
  }));
  const stock = items.filter((line) => line.kind === 'item');
  const view: Omit<PurchaseOrderView, 'version'> = {
    id: Number(row.id),
    poNumber: row.po_number,
    vendorName: row.vendor_name,
    vendorEmail: row.vendor_email,
    shipAddress: row.ship_address,
    memo: row.memo,
    terms: row.terms,
    totalAmount: toMoneyString(Number(row.total_amount)),
    ...documentMoneyView(row),
    totalQuantity: sumQuantities(stock, (line) => line.qty),
    quantityRemaining: sumQuantities(stock, (line) => line.qtyRemaining),
    status: row.override_status ?? row.source_status,
    poType: row.po_type,
    poDate: row.po_date,
    qbId: row.qb_id,
    overrideStatus: row.override_status !== null,
    expiresOn: row.expires_on,
    remainingPercent: remainingPercent(
      sumQuantities(stock, (line) => line.qtyRemaining),
      sumQuantities(stock, (line) => line.qtyReceived ?? line.qty),
    ),
    items,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
  return { ...view, version: purchaseOrderVersion(view) };
}

/** The views of these purchase orders of the tenant, in id order; ids of other tenants are absent. */
export async function loadPurchaseOrderViews(knex: Knex | Knex.Transaction, tenantId: string, ids: number[]): Promise<PurchaseOrderView[]> {
  if (ids.length === 0) return [];
  const rows: PurchaseOrderRow[] = await knex('purchase_orders as po')
    .where('po.tenant_id', tenantId)
    .whereIn('po.id', ids)
    .orderBy('po.id')
    .select(knex.raw(PURCHASE_ORDER_SELECT));
  return rows.map(purchaseOrderView);
}

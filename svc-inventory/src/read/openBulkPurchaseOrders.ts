import type { Knex } from 'knex';
import { addQuantities, exactQuantity } from '@printpool/domain';
import type { ListPagingQuery, OpenBulkPurchaseOrder } from '@printpool/contracts';
import type { Requirement } from '../domain/coverage.js';
import { containsPattern } from '../domain/containsPattern.js';
import { OPEN_BULK_PO } from '../ledger/openBulk.js';
import { SUM_REMAINING } from '../ledger/remainingQuantity.js';
import { loadListPage, type ListPage } from './listPage.js';
import { sqlPart, type SqlPart } from '../db/sqlPart.js';

export interface CoveringQuery extends ListPagingQuery {
  /** Units needed per item; empty, every open bulk PO with units left is listed. */
  need: Requirement;
  /** The sales order being edited: what it draws counts as left on the PO it draws from. */
  holdingOrderId: number | null;
  /** This PO alone, if it qualifies. */
  purchaseOrderId: number | null;
}

/** Units the holding order (bound first) draws from the PO `po` of the item `itemColumn`, or of every item. */
const held = (itemColumn?: string) =>
  `coalesce((SELECT sum(a.qty) FROM allocations a JOIN purchase_order_lines hl ON hl.id = a.purchase_order_line_id
    WHERE a.tenant_id = po.tenant_id AND a.sales_order_id = ? AND a.released_at IS NULL AND hl.purchase_order_id = po.id${itemColumn ? ` AND a.item_qb_id = ${itemColumn}` : ''}), 0)`;

interface Row {
  id: string | number;
  po_number: string;
  vendor_name: string | null;
  status: string;
  quantity_remaining: string | number;
}

/**
 * The Bulk Purchase Order picker of an active sales order (docs/product.md §5), oldest first as the pool
 * draws: open bulk POs with units left that hold every needed item with enough remaining, found
 * and paged by PostgreSQL so a tenant with thousands of open POs sends one page, not all of them.
 * The need travels as one JSON value, so every picker runs the same prepared statement.
 */
export async function coveringBulkPurchaseOrders(knex: Knex, tenantId: string, query: CoveringQuery): Promise<ListPage<OpenBulkPurchaseOrder>> {
  const holding = query.holdingOrderId;
  const where: [SqlPart, ...SqlPart[]] = [sqlPart('po.tenant_id = ?', tenantId), sqlPart(OPEN_BULK_PO)];
  if (query.purchaseOrderId !== null) where.push(sqlPart('po.id = ?', query.purchaseOrderId));
  if (query.search) {
    const pattern = containsPattern(query.search);
    where.push(sqlPart('(po.po_number ILIKE ? OR po.vendor_name ILIKE ?)', pattern, pattern));
  }
  const hasUnits = 'EXISTS (SELECT 1 FROM purchase_order_lines l WHERE l.purchase_order_id = po.id AND l.qty_remaining > 0)';
  where.push(holding === null ? sqlPart(hasUnits) : sqlPart(`(${hasUnits} OR ${held()} > 0)`, holding));
  if (query.need.size > 0) {
    const need = JSON.stringify([...query.need].map(([item, qty]) => ({ item, qty })));
    const available = `(SELECT ${SUM_REMAINING} FROM purchase_order_lines l WHERE l.purchase_order_id = po.id AND l.item_qb_id = need.item)`;
    const text = `NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(?::jsonb) AS need(item text, qty numeric) WHERE need.qty > ${available}${holding === null ? '' : ` + ${held('need.item')}`})`;
    where.push(holding === null ? sqlPart(text, need) : sqlPart(text, need, holding));
  }
  const page = await loadListPage<Row>(knex, {
    table: 'purchase_orders',
    alias: 'po',
    where,
    columns: `po.id, po.txn_date, po.po_number, po.vendor_name, coalesce(po.override_status, po.source_status) AS status,
      (SELECT ${SUM_REMAINING} FROM purchase_order_lines l WHERE l.purchase_order_id = po.id AND l.kind = 'item') AS quantity_remaining`,
    order: [
      ['po.txn_date', 'asc'],
      ['po.id', 'asc'],
    ],
    limit: query.limit,
    offset: query.offset,
  });
  const heldByPo = holding === null ? new Map<number, number>() : await heldPerPurchaseOrder(knex, tenantId, holding);
  return {
    total: page.total,
    rows: page.rows.map((row) => ({
      id: Number(row.id),
      poNumber: row.po_number,
      vendorName: row.vendor_name,
      status: row.status,
      quantityRemaining: addQuantities(exactQuantity(row.quantity_remaining), heldByPo.get(Number(row.id)) ?? 0),
    })),
  };
}

async function heldPerPurchaseOrder(knex: Knex, tenantId: string, salesOrderId: number): Promise<Map<number, number>> {
  const rows: { purchase_order_id: string | number; qty: string | number }[] = await knex('allocations as a')
    .join('purchase_order_lines as hl', 'hl.id', 'a.purchase_order_line_id')
    .where({ 'a.tenant_id': tenantId, 'a.sales_order_id': salesOrderId })
    .whereNull('a.released_at')
    .groupBy('hl.purchase_order_id')
    .select('hl.purchase_order_id', knex.raw('sum(a.qty) AS qty'));
  return new Map(rows.map((row) => [Number(row.purchase_order_id), exactQuantity(row.qty)]));
}

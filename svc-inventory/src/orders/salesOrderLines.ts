import type { Knex } from 'knex';
import { toMoneyString } from '@printpool/domain';
import type { AllocationDemandLine } from '../ledger/allocate.js';

export interface NewSalesOrderLine {
  itemQbId: string | null;
  itemName: string | null;
  description: string | null;
  sku: string | null;
  quantity: number;
  unitPrice: number;
}

/** What allocation depends on: a changed fingerprint means the order must be drawn again. */
export function demandFingerprint(lines: readonly { itemQbId: string | null; quantity: number }[]): string {
  return JSON.stringify(lines.map((line) => [line.itemQbId, line.quantity]));
}

export function totalsOf(lines: readonly NewSalesOrderLine[]): { totalQuantity: number; totalAmount: string } {
  return {
    totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    totalAmount: toMoneyString(lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0)),
  };
}

/** The order's lines as allocation reads them, in line order. */
export async function loadDemand(trx: Knex.Transaction, tenantId: string, salesOrderId: number): Promise<AllocationDemandLine[]> {
  const rows: { id: number; item_qb_id: string | null; quantity: number }[] = await trx('sales_order_lines')
    .where({ tenant_id: tenantId, sales_order_id: salesOrderId })
    .orderBy(['line_no', 'id'])
    .select('id', 'item_qb_id', 'quantity');
  return rows.map((row) => ({ salesOrderLineId: Number(row.id), itemQbId: row.item_qb_id, quantity: row.quantity }));
}

/** Replaces the order's lines (its draws must already be released). */
export async function replaceLines(trx: Knex.Transaction, tenantId: string, salesOrderId: number, lines: readonly NewSalesOrderLine[]): Promise<void> {
  await trx('sales_order_lines').where({ tenant_id: tenantId, sales_order_id: salesOrderId }).delete();
  if (lines.length > 0) await trx('sales_order_lines').insert(lineRows(tenantId, salesOrderId, lines));
}

/**
 * Writes a new order and its lines in one statement (a round trip fewer for every imported
 * order), answering the order's id and its lines as allocation reads them.
 */
export async function insertSalesOrder(
  trx: Knex.Transaction,
  tenantId: string,
  order: Record<string, unknown>,
  lines: readonly NewSalesOrderLine[],
): Promise<{ id: number; demand: AllocationDemandLine[] }> {
  const inserted = trx('sales_orders').insert({ ...order, tenant_id: tenantId }).returning('id');
  if (lines.length === 0) return { id: Number((await inserted)[0].id), demand: [] };
  const rows: InsertedLine[] = await trx
    .with('new_order', inserted)
    .insert(lineRows(tenantId, trx.raw('(SELECT id FROM new_order)'), lines))
    .into('sales_order_lines')
    .returning(INSERTED_LINE);
  // RETURNING follows the VALUES order, which is line order.
  return { id: Number(rows[0]!.sales_order_id), demand: rows.map(toDemandLine) };
}

interface InsertedLine {
  sales_order_id: number | string;
  id: number | string;
  item_qb_id: string | null;
  quantity: number;
}

const INSERTED_LINE = ['sales_order_id', 'id', 'item_qb_id', 'quantity'];

function lineRows(tenantId: string, salesOrderId: number | Knex.Raw, lines: readonly NewSalesOrderLine[]) {
  return lines.map((line, i) => ({
    tenant_id: tenantId,
    sales_order_id: salesOrderId,
    line_no: i + 1,
    item_qb_id: line.itemQbId,
    item_name: line.itemName,
    description: line.description,
    sku: line.sku,
    quantity: line.quantity,
    unit_price: line.unitPrice,
    total_price: toMoneyString(line.quantity * line.unitPrice),
  }));
}

const toDemandLine = (row: InsertedLine): AllocationDemandLine => ({ salesOrderLineId: Number(row.id), itemQbId: row.item_qb_id, quantity: row.quantity });

import type { Knex } from 'knex';
import { analyzeAfterBulkWrite } from '@printpool/service-kit';
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
  return (await loadDemands(trx, tenantId, [salesOrderId])).get(salesOrderId) ?? [];
}

/** Several orders' lines as allocation reads them, in line order, in one statement. */
export async function loadDemands(trx: Knex.Transaction, tenantId: string, salesOrderIds: readonly number[]): Promise<Map<number, AllocationDemandLine[]>> {
  const rows: DemandRow[] = await trx('sales_order_lines')
    .where('tenant_id', tenantId)
    .whereIn('sales_order_id', salesOrderIds)
    .orderBy(['sales_order_id', 'line_no', 'id'])
    .select(DEMAND_COLUMNS);
  return demandsByOrder(rows);
}

/** Replaces the order's lines (its draws must already be released). */
export async function replaceLines(trx: Knex.Transaction, tenantId: string, salesOrderId: number, lines: readonly NewSalesOrderLine[]): Promise<void> {
  await trx('sales_order_lines').where({ tenant_id: tenantId, sales_order_id: salesOrderId }).delete();
  if (lines.length > 0) await trx('sales_order_lines').insert(lineRows(tenantId, salesOrderId, lines));
}

/** A new order's row (without tenant_id) and its lines. */
export interface NewSalesOrder {
  row: Record<string, unknown> & { qb_id: string };
  lines: readonly NewSalesOrderLine[];
}

/**
 * Writes new orders (distinct qbIds) and their lines in two statements however many there are,
 * answering, in the order given, each order's id and its lines as allocation reads them.
 */
export async function insertSalesOrders(trx: Knex.Transaction, tenantId: string, orders: readonly NewSalesOrder[]): Promise<{ id: number; demand: AllocationDemandLine[] }[]> {
  if (orders.length === 0) return [];
  const inserted: { id: number | string; qb_id: string }[] = await trx('sales_orders')
    .insert(orders.map((order) => ({ ...order.row, tenant_id: tenantId })))
    .returning(['id', 'qb_id']);
  const ids = new Map(inserted.map((row) => [row.qb_id, Number(row.id)]));
  const withIds = orders.map((order) => ({ id: ids.get(order.row.qb_id)!, lines: order.lines }));
  const lineRowsToInsert = withIds.flatMap(({ id, lines }) => lineRows(tenantId, id, lines));
  const written: DemandRow[] = lineRowsToInsert.length === 0 ? [] : await trx('sales_order_lines').insert(lineRowsToInsert).returning(DEMAND_COLUMNS);
  await analyzeAfterBulkWrite(trx, 'sales_orders', orders.length);
  await analyzeAfterBulkWrite(trx, 'sales_order_lines', written.length);
  const demands = demandsByOrder(written.sort((a, b) => a.line_no - b.line_no));
  return withIds.map(({ id }) => ({ id, demand: demands.get(id) ?? [] }));
}

/** A sales order line as allocation reads it. */
interface DemandRow {
  sales_order_id: number | string;
  id: number | string;
  line_no: number;
  item_qb_id: string | null;
  quantity: number;
}

const DEMAND_COLUMNS = ['sales_order_id', 'id', 'line_no', 'item_qb_id', 'quantity'];

/** Each order's lines as allocation reads them, in the order of `rows`. */
function demandsByOrder(rows: readonly DemandRow[]): Map<number, AllocationDemandLine[]> {
  const demands = new Map<number, AllocationDemandLine[]>();
  for (const row of rows) {
    const id = Number(row.sales_order_id);
    const line = { salesOrderLineId: Number(row.id), itemQbId: row.item_qb_id, quantity: row.quantity };
    const lines = demands.get(id);
    if (lines) lines.push(line);
    else demands.set(id, [line]);
  }
  return demands;
}

function lineRows(tenantId: string, salesOrderId: number, lines: readonly NewSalesOrderLine[]) {
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


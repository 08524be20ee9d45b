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
  await insertLines(trx, tenantId, salesOrderId, lines);
}

/** Writes the lines of an order that has none, answering them as allocation reads them. */
export async function insertLines(trx: Knex.Transaction, tenantId: string, salesOrderId: number, lines: readonly NewSalesOrderLine[]): Promise<AllocationDemandLine[]> {
  if (lines.length === 0) return [];
  const rows: { id: number | string; item_qb_id: string | null; quantity: number }[] = await trx('sales_order_lines')
    .insert(
      lines.map((line, i) => ({
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
      })),
    )
    .returning(['id', 'item_qb_id', 'quantity']);
  // RETURNING follows the VALUES order, which is line order.
  return rows.map((row) => ({ salesOrderLineId: Number(row.id), itemQbId: row.item_qb_id, quantity: row.quantity }));
}

import type { Knex } from 'knex';
import type { ReorderEstimate } from '@printpool/contracts';
import { exactQuantity } from '@printpool/domain';

/** A row of reorder_estimates (db/migrations/034_reorder_estimates.ts). */
export interface ReorderEstimateRow {
  customer_qb_id: string;
  item_qb_id: string;
  level: string;
  quantity: string;
  unit_price: string;
  requested_at: Date | string;
  estimate_qb_id: string | null;
  doc_number: string | null;
  created_at: Date | string | null;
}

/**
 * The estimate created from a reorder alert, while the units at the vendor stand at or below the
 * level they were at when the broker asked (docs/product.md §12): stock restocked past it ends the
 * link, and the alert, when it comes back, offers a new estimate. Undefined while none is created.
 */
export function linkedEstimate(row: ReorderEstimateRow, atVendor: number): ReorderEstimate | undefined {
  if (row.estimate_qb_id === null || row.created_at === null || atVendor > exactQuantity(row.level)) return undefined;
  return {
    qbId: row.estimate_qb_id,
    docNumber: row.doc_number,
    createdAt: new Date(row.created_at).toISOString(),
    quantity: exactQuantity(row.quantity),
    unitPrice: Number(row.unit_price),
  };
}

/** The company's reorder estimates, by `customerQbId:itemId`. */
export async function reorderEstimateRows(knex: Knex | Knex.Transaction, tenantId: string): Promise<Map<string, ReorderEstimateRow>> {
  const rows: ReorderEstimateRow[] = await knex('reorder_estimates').where('tenant_id', tenantId).whereNotNull('estimate_qb_id').select('*');
  return new Map(rows.map((row) => [`${row.customer_qb_id}:${row.item_qb_id}`, row]));
}

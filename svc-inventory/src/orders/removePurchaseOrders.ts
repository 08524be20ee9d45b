import type { Knex } from 'knex';
import type { ChangeSet } from '../application/changeSet.js';
import { redrawDisturbed } from './disturbedOrders.js';

/**
 * Deletes purchase orders; sales orders they held are drawn again from another covering bulk
 * PO or wait as uncovered. Answers how many existed.
 */
export async function removePurchaseOrders(trx: Knex.Transaction, tenantId: string, ids: number[], changes: ChangeSet): Promise<number> {
  const rows: { id: number }[] = await trx('purchase_orders').where('tenant_id', tenantId).whereIn('id', ids).orderBy('id').forUpdate().select('id');
  if (rows.length === 0) return 0;
  const poIds = rows.map((row) => Number(row.id));
  const holders: { sales_order_id: number }[] = await trx('allocations as a')
    .join('purchase_order_lines as l', 'l.id', 'a.purchase_order_line_id')
    .where('a.tenant_id', tenantId)
    .whereIn('l.purchase_order_id', poIds)
    .whereNull('a.released_at')
    .distinct('a.sales_order_id');
  for (const id of poIds) await changes.purchaseOrderDeleted(trx, id);
  await redrawDisturbed(
    trx,
    tenantId,
    holders.map((row) => Number(row.sales_order_id)),
    changes,
    async () => {
      await trx('purchase_orders').where('tenant_id', tenantId).whereIn('id', poIds).delete();
    },
  );
  return poIds.length;
}

export async function purchaseOrderIdsByQbId(trx: Knex.Transaction, tenantId: string, qbIds: readonly string[]): Promise<number[]> {
  const rows: { id: number }[] = await trx('purchase_orders').where('tenant_id', tenantId).whereIn('qb_id', qbIds).select('id');
  return rows.map((row) => Number(row.id));
}

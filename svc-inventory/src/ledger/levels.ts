import type { Knex } from 'knex';
import type { ItemLevelChanged } from '@printpool/contracts';
import { OPEN_BULK_PO } from './openBulk.js';

/**
 * Recomputes the virtual inventory of `itemQbIds` (units remaining on open bulk PO lines) and
 * stores it in item_levels, answering the items whose level moved. The item_levels rows are
 * locked first, so a concurrent transaction moving the same item waits and then sums what
 * this one committed: the stored level is never a stale read.
 */
export async function refreshItemLevels(trx: Knex.Transaction, tenantId: string, itemQbIds: Iterable<string>): Promise<ItemLevelChanged[]> {
  const ids = [...new Set(itemQbIds)].sort();
  if (ids.length === 0) return [];
  await trx('item_levels')
    .insert(ids.map((itemQbId) => ({ tenant_id: tenantId, item_qb_id: itemQbId, virtual_inventory: 0 })))
    .onConflict(['tenant_id', 'item_qb_id'])
    .ignore();
  const stored: { item_qb_id: string; virtual_inventory: number }[] = await trx('item_levels')
    .where('tenant_id', tenantId)
    .whereIn('item_qb_id', ids)
    .orderBy('item_qb_id')
    .forUpdate()
    .select('item_qb_id', 'virtual_inventory');
  const sums = await sumRemainingByItem(trx, tenantId, ids);
  const changed: ItemLevelChanged[] = [];
  for (const row of stored) {
    const level = sums.get(row.item_qb_id) ?? 0;
    if (level === row.virtual_inventory) continue;
    await trx('item_levels').where({ tenant_id: tenantId, item_qb_id: row.item_qb_id }).update({ virtual_inventory: level });
    changed.push({ itemQbId: row.item_qb_id, virtualInventory: level });
  }
  return changed;
}

/** Units remaining per item on the tenant's open bulk purchase order lines. */
export async function sumRemainingByItem(trx: Knex | Knex.Transaction, tenantId: string, itemQbIds?: string[]): Promise<Map<string, number>> {
  const query = trx('purchase_order_lines as l')
    .join('purchase_orders as po', 'po.id', 'l.purchase_order_id')
    .where('l.tenant_id', tenantId)
    .whereNotNull('l.item_qb_id')
    .whereRaw(OPEN_BULK_PO)
    .groupBy('l.item_qb_id')
    .select('l.item_qb_id', trx.raw('coalesce(sum(l.qty_remaining), 0)::int as remaining'));
  if (itemQbIds) query.whereIn('l.item_qb_id', itemQbIds);
  const rows: { item_qb_id: string; remaining: number }[] = await query;
  return new Map(rows.map((row) => [row.item_qb_id, Number(row.remaining)]));
}

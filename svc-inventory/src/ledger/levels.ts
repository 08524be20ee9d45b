import type { Knex } from 'knex';
import { analyzeAfterBulkWrite } from '@printpool/service-kit';
import type { ItemLevelChanged } from '@printpool/contracts';
import { exactQuantity } from '@printpool/domain';
import { remainingPer } from './remainingQuantity.js';

/**
 * Recomputes the virtual inventory of `itemQbIds` (units remaining on open bulk PO lines) and
 * stores it in item_levels, answering the items whose level moved. The item_levels rows are
 * locked first (in item order, as every transaction takes them), so a concurrent transaction
 * moving the same item waits and then sums what this one committed: the stored level is never
 * a stale read. The sum and the write are then one statement, whose snapshot is taken after
 * the locks are held.
 */
export async function refreshItemLevels(trx: Knex.Transaction, tenantId: string, itemQbIds: Iterable<string>): Promise<ItemLevelChanged[]> {
  const ids = [...new Set(itemQbIds)].sort();
  if (ids.length === 0) return [];
  if ((await lockLevels(trx, tenantId, ids)).size < ids.length) {
    await trx('item_levels')
      .insert(ids.map((itemQbId) => ({ tenant_id: tenantId, item_qb_id: itemQbId, virtual_inventory: 0 })))
      .onConflict(['tenant_id', 'item_qb_id'])
      .ignore();
    await analyzeAfterBulkWrite(trx, 'item_levels', ids.length);
    await lockLevels(trx, tenantId, ids);
  }
  const { rows } = (await trx.raw(
    `UPDATE item_levels il SET virtual_inventory = coalesce(s.remaining, 0)
     FROM (SELECT unnest(?::text[]) AS item_qb_id) ids
     LEFT JOIN (${remainingPer(['item_qb_id'], 'l.tenant_id = ? AND l.item_qb_id = ANY(?::text[])', { inPool: true })}) s ON s.item_qb_id = ids.item_qb_id
     WHERE il.tenant_id = ? AND il.item_qb_id = ids.item_qb_id AND il.virtual_inventory IS DISTINCT FROM coalesce(s.remaining, 0)
     RETURNING il.item_qb_id, il.virtual_inventory`,
    [ids, tenantId, ids, tenantId],
  )) as { rows: { item_qb_id: string; virtual_inventory: string }[] };
  return rows
    .map((row) => ({ itemQbId: row.item_qb_id, virtualInventory: exactQuantity(row.virtual_inventory) }))
    .sort((a, b) => (a.itemQbId < b.itemQbId ? -1 : a.itemQbId > b.itemQbId ? 1 : 0));
}

/**
 * Adds units that joined the pool (the new lines of an open bulk purchase order) to their
 * items' stored levels at once, so the draws later in the transaction start from them: a level
 * moved by its difference costs the same however large the pool, where refreshItemLevels sums
 * every pool line of the item. The rows are locked in item order first, as every transaction
 * takes them. Answers the items moved, and those without a stored level yet: they are the
 * caller's to refresh (refreshItemLevels creates their level from the pool).
 */
export async function addToItemLevels(
  trx: Knex.Transaction,
  tenantId: string,
  added: ReadonlyMap<string, number>,
): Promise<{ moved: Set<string>; unstored: string[] }> {
  const ids = [...added.keys()].sort();
  if (ids.length === 0) return { moved: new Set(), unstored: [] };
  const stored = await lockLevels(trx, tenantId, ids);
  const moving = ids.filter((id) => stored.has(id) && added.get(id) !== 0);
  if (moving.length > 0) {
    await trx.raw(
      `UPDATE item_levels il SET virtual_inventory = il.virtual_inventory + d.qty
       FROM unnest(?::text[], ?::numeric[]) AS d(item_qb_id, qty)
       WHERE il.tenant_id = ? AND il.item_qb_id = d.item_qb_id`,
      [moving, moving.map((id) => added.get(id)!), tenantId],
    );
  }
  return { moved: new Set(moving), unstored: ids.filter((id) => !stored.has(id)) };
}

/** The stored levels of `itemQbIds`, as a change's events report them. */
export async function storedItemLevels(trx: Knex.Transaction, tenantId: string, itemQbIds: Iterable<string>): Promise<ItemLevelChanged[]> {
  const ids = [...new Set(itemQbIds)].sort();
  if (ids.length === 0) return [];
  const rows: { item_qb_id: string; virtual_inventory: string }[] = await trx('item_levels')
    .where('tenant_id', tenantId)
    .whereRaw('item_qb_id = ANY(?::text[])', [ids])
    .orderBy('item_qb_id')
    .select('item_qb_id', 'virtual_inventory');
  return rows.map((row) => ({ itemQbId: row.item_qb_id, virtualInventory: exactQuantity(row.virtual_inventory) }));
}

/** Locks the tenant's level rows of `ids` in item order; answers the items that have one. */
async function lockLevels(trx: Knex.Transaction, tenantId: string, ids: string[]): Promise<Set<string>> {
  const rows: { item_qb_id: string }[] = await trx('item_levels')
    .where('tenant_id', tenantId)
    .whereRaw('item_qb_id = ANY(?::text[])', [ids])
    .orderBy('item_qb_id')
    .forUpdate()
    .select('item_qb_id');
  return new Set(rows.map((row) => row.item_qb_id));
}

import { createRouter, type Database, type ServiceRouter } from '@printpool/service-kit';
import { totalOf } from './total.js';
import { containsPattern, parseListQuery } from '../domain/paging.js';
import { isStockItem } from '../catalog/stockTypes.js';

/**
 * Items page (read-only): searched by name, full name or SKU, paged on the server, in full-name
 * order so sub-items sit under their parent. virtualInventory is the units remaining on the
 * tenant's open bulk PO lines for the item (item_levels, kept by every draw and release).
 * Category and Group items are not inventory and are not listed. fullName ("Business
 * Cards:500 ct") tells apart sub-items with the same name; it is the name for a top-level item.
 */
export function itemRoutes(db: Database): ServiceRouter {
  const { knex } = db;
  const router = createRouter('/api');
  router.get('/items', db.readCache.middleware, async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const { search, limit, offset } = parseListQuery(ctx.query);
    const base = knex('items as i').where('i.tenant_id', tenantId).whereRaw(isStockItem('i'));
    if (search) {
      const pattern = containsPattern(search);
      base.where((q) => q.whereILike('i.name', pattern).orWhereILike('i.full_name', pattern).orWhereILike('i.sku', pattern));
    }
    const total = await totalOf(base);
    const rows = await base
      .leftJoin('item_levels as il', (join) => join.on('il.tenant_id', 'i.tenant_id').andOn('il.item_qb_id', 'i.qb_id'))
      .orderByRaw('coalesce(i.full_name, i.name), i.id')
      .limit(limit)
      .offset(offset)
      .select('i.id', 'i.qb_id', 'i.name', 'i.full_name', 'i.parent_qb_id', 'i.sku', 'i.description', 'i.unit_price', 'i.synced_at', knex.raw('coalesce(il.virtual_inventory, 0) as virtual_inventory'));
    ctx.set('X-Total-Count', String(total));
    ctx.body = rows.map((row) => ({
      id: Number(row.id),
      qbId: row.qb_id,
      name: row.name,
      fullName: row.full_name ?? row.name,
      parentQbId: row.parent_qb_id,
      sku: row.sku,
      description: row.description,
      unitPrice: Number(row.unit_price),
      virtualInventory: Number(row.virtual_inventory),
      syncedAt: new Date(row.synced_at).toISOString(),
    }));
  });
  return router;
}

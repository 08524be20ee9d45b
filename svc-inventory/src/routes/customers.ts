import { createRouter, type Database, type ServiceRouter } from '@printpool/service-kit';
import { totalOf } from './total.js';
import { containsPattern, parseListQuery } from '../domain/paging.js';

/**
 * Customers page (read-only): searched by name, full name or e-mail, paged on the server, in
 * full-name order so jobs sit under their customer. fullName ("Harbor Dental:Spring Gala")
 * tells apart jobs with the same name; it is the name for a top-level customer.
 */
export function customerRoutes(db: Database): ServiceRouter {
  const { knex } = db;
  const router = createRouter('/api');
  router.get('/customers', db.readCache.middleware, async (ctx) => {
    const { search, limit, offset } = parseListQuery(ctx.query);
    const base = knex('customers').where('tenant_id', ctx.state.caller.tenantId);
    if (search) {
      const pattern = containsPattern(search);
      base.where((q) => q.whereILike('name', pattern).orWhereILike('full_name', pattern).orWhereILike('email', pattern));
    }
    const total = await totalOf(base);
    const rows = await base.orderByRaw('coalesce(full_name, name), id').limit(limit).offset(offset).select('id', 'name', 'full_name', 'parent_qb_id', 'currency', 'email', 'phone', 'address', 'synced_at');
    ctx.set('X-Total-Count', String(total));
    ctx.body = rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      fullName: row.full_name ?? row.name,
      parentQbId: row.parent_qb_id,
      currency: row.currency,
      email: row.email,
      phone: row.phone,
      address: row.address,
      syncedAt: new Date(row.synced_at).toISOString(),
    }));
  });
  return router;
}

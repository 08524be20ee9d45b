import { createRouter, type Database, type ServiceRouter } from '@printpool/service-kit';
import { totalOf } from './total.js';
import { containsPattern, parseListQuery } from '../domain/paging.js';

/** Customers page (read-only): searched by name or e-mail, paged on the server. */
export function customerRoutes(db: Database): ServiceRouter {
  const { knex } = db;
  const router = createRouter('/api');
  router.get('/customers', db.readCache.middleware, async (ctx) => {
    const { search, limit, offset } = parseListQuery(ctx.query);
    const base = knex('customers').where('tenant_id', ctx.state.caller.tenantId);
    if (search) base.where((q) => q.whereILike('name', containsPattern(search)).orWhereILike('email', containsPattern(search)));
    const total = await totalOf(base);
    const rows = await base.orderBy(['name', 'id']).limit(limit).offset(offset).select('id', 'name', 'email', 'phone', 'address', 'synced_at');
    ctx.set('X-Total-Count', String(total));
    ctx.body = rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      email: row.email,
      phone: row.phone,
      address: row.address,
      syncedAt: new Date(row.synced_at).toISOString(),
    }));
  });
  return router;
}

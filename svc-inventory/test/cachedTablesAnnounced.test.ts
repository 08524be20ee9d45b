import { AsyncLocalStorage } from 'node:async_hooks';
import { createLogger, signInternalToken } from '@printpool/service-kit';
import { describeOnPostgres } from '@printpool/service-kit/testing';
import { inventoryRouters } from '../src/app.js';
import { seedCatalog } from './support/pullTicketFixtures.js';
import request from 'supertest';
import { behindGateway, estimate, estimateEvent, line, poEvent, purchaseOrder, SECRET, startInventory, type TestInventory } from './support/service.js';

// An answer kept in memory is dropped when a table it read announces a change for its tenant
// (migration 007). A table read without announcing would leave answers stale after another
// process, a script or psql changed it: every table a cached route reads must announce.

const T = 't-cached-tables';
/** What the service keeps for itself (migration 007): the relay polls the outbox beside the requests. */
const BOOKKEEPING = new Set(['outbox', 'inbox', 'knex_migrations', 'knex_migrations_lock']);
let inv: TestInventory;

describeOnPostgres('answers kept in memory', () => {
  beforeAll(async () => {
    inv = await startInventory();
    // A customer whose order draws the bulk stock, so the customer's stock view reads every table it can.
    await seedCatalog(inv, T);
    await inv.deliver(poEvent(T, [purchaseOrder('p1', 'PO-1-BL', [line('1', 'flyer', 100)])]));
    await inv.deliver(estimateEvent(T, [estimate('e1', 'EST-1-BL', [line('1', 'flyer', 40)])]));
  });
  afterAll(() => inv.close());

  it('read only tables that announce their changes', async () => {
    const { routers } = inventoryRouters(
      { logger: createLogger('test', 'silent'), internalTokenSecret: SECRET, env: {} },
      { db: inv.db, afterCommit: () => undefined },
    );
    const cachedPaths = routers
      .flatMap((router) => router.stack)
      .filter((layer) => layer.methods.includes('GET') && layer.stack.includes(inv.db.readCache.middleware))
      .map((layer) => layer.path);
    expect(cachedPaths).toEqual(
      expect.arrayContaining([
        '/api/sales-orders',
        '/api/purchase-orders',
        '/api/purchase-orders/bulk/open',
        '/api/dashboard/stats',
        '/api/customers/:id/inventory',
      ]),
    );
    const customerId = (await inv.api(T).get('/api/customers').expect(200)).body[0].id as number;

    // Only the statements a cached request runs: the service's consumers keep working on the
    // events delivered above, and what they read and write is no answer kept in memory.
    const inRequest = new AsyncLocalStorage<true>();
    const callback = inv.instance.app.callback();
    const cachedRequest = behindGateway(
      (req, res) => inRequest.run(true, () => callback(req, res)),
      () => signInternalToken({ tenantId: T, userId: `user-of-${T}`, role: 'owner' }, SECRET, {}),
    );
    const statements: string[] = [];
    const record = (query: { sql: string }) => {
      if (inRequest.getStore()) statements.push(query.sql);
    };
    inv.db.knex.on('query', record);
    try {
      // With and without a search, so that both ways of selecting rows run.
      for (const path of cachedPaths)
        for (const query of ['', '?search=a'])
          await request(cachedRequest)
            .get(`${String(path).replace(':id', String(customerId))}${query}`)
            .expect(200);
    } finally {
      inv.db.knex.off('query', record);
    }

    const tables: string[] = await inv.db.knex('information_schema.tables').where({ table_schema: inv.db.schema }).pluck('table_name');
    const announced = new Set<string>(
      (
        await inv.db.knex.raw(
          `SELECT DISTINCT c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = ? AND t.tgname LIKE '%\\_announce\\_changed'`,
          [inv.db.schema],
        )
      ).rows.map((row: { relname: string }) => row.relname),
    );
    const read = tables.filter((table) => !BOOKKEEPING.has(table)).filter((table) => statements.some((sql) => new RegExp(`\\b${table}\\b`).test(sql)));
    expect(read).toEqual(
      expect.arrayContaining(['sales_orders', 'purchase_order_lines', 'item_levels', 'customer_reorder_points', 'inventory_alert_dismissals']),
    );
    expect(read.filter((table) => !announced.has(table))).toEqual([]);
  });
});

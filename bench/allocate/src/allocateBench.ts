import { randomBytes } from 'node:crypto';
import { createEvent } from '@printpool/contracts';
import { createDatabase } from '@printpool/service-kit';
import { consumerHandler, migrations, POOL_CONSUMER, reconcile } from '@printpool/svc-inventory';
import { envCount } from '../../support/envCount.js';

/**
 * 200 concurrent allocations on one bulk PO (docs/architecture.md §7: ≥ 500/s, zero overdraw) on the
 * PostgreSQL at DATABASE_URL, in a schema of its own that is dropped afterwards. Each
 * allocation is an estimate event handed to the service's own consumer, which applies the
 * events it holds together in one transaction that locks the PO lines, draws, and records the
 * events in the outbox. ALLOCATIONS, POOL (connections, 10 by default) and REPLICAS (consumer
 * instances sharing the events, as several service instances would; 1 by default) vary the run.
 */
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required: the bench measures row-lock contention on real PostgreSQL');
const CONCURRENT = envCount('ALLOCATIONS', 200);
const POOL = envCount('POOL', 10);
const REPLICAS = envCount('REPLICAS', 1);
const tenantId = 'bench-tenant';
const schema = `bench_${randomBytes(4).toString('hex')}`;
const db = createDatabase({ schema, migrations, url, pool: { min: POOL, max: POOL } });
const replicas = Array.from({ length: REPLICAS }, () => consumerHandler(db, POOL_CONSUMER, () => undefined));
const now = () => new Date().toISOString();
const line = (lineId: string, itemQbId: string, qty: number) => ({ lineId, itemQbId, itemName: itemQbId, description: null, qty, unitPrice: 1, amount: qty });

try {
  await db.migrate();
  await consumerHandler(
    db,
    POOL_CONSUMER,
    () => undefined,
  )(
    createEvent('accounting.purchase-order.upserted', tenantId, {
      realmId: 'bench',
      purchaseOrders: [
        {
          qbId: 'po-1',
          docNumber: 'PO-1-BL',
          vendorQbId: null,
          vendorName: 'Vendor',
          vendorEmail: null,
          status: 'open',
          txnDate: '2025-01-01',
          totalAmount: 0,
          shipAddress: null,
          memo: null,
          lines: [line('1', 'flyer', CONCURRENT * 3), line('2', 'card', CONCURRENT * 2)],
          syncToken: '0',
          qbUpdatedAt: now(),
        },
      ],
    }),
  );
  // Three quarters fit: the last quarter finds the PO short and is refused, as contention at the edge should be.
  const events = Array.from({ length: CONCURRENT }, (_, i) =>
    createEvent('accounting.estimate.upserted', tenantId, {
      realmId: 'bench',
      estimates: [
        {
          qbId: `e${i}`,
          docNumber: `EST-${i}-BL`,
          customerQbId: null,
          customerName: 'Customer',
          customerEmail: null,
          txnStatus: 'Pending' as const,
          txnDate: '2025-02-01',
          expirationDate: null,
          totalAmount: 0,
          shipAddress: null,
          billAddress: null,
          memo: null,
          lines: [line('1', 'flyer', 4), line('2', 'card', 2)],
          syncToken: '0',
          qbUpdatedAt: now(),
        },
      ],
    }),
  );
  const started = process.hrtime.bigint();
  const results = await Promise.allSettled(events.map((event, i) => replicas[i % REPLICAS]!(event)));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const failed = results.filter((r) => r.status === 'rejected').length;
  const overdrawn = await db.knex('purchase_order_lines').where('tenant_id', tenantId).where('qty_remaining', '<', 0).count({ n: '*' }).first();
  const active = await db.knex('sales_orders').where({ tenant_id: tenantId, status: 'active' }).count({ n: '*' }).first();
  const { drift } = await reconcile(db.knex, { tenantId });
  const report = {
    allocations: CONCURRENT,
    pool: POOL,
    replicas: REPLICAS,
    seconds: Number(seconds.toFixed(3)),
    allocationsPerSecond: Math.round(CONCURRENT / seconds),
    allocated: Number(active?.n),
    failed,
    overdrawnLines: Number(overdrawn?.n),
    drift: drift.length,
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  if (report.overdrawnLines > 0 || failed > 0 || drift.length > 0) process.exitCode = 1;
} finally {
  await db.knex.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
  await db.close();
}

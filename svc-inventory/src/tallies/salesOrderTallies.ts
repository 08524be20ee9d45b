import type { Knex } from 'knex';
import type { Drift } from '@printpool/contracts';
import { sqlPart, type SqlPart } from '../db/sqlPart.js';

/** How many sales orders the tenant has, as a `total` column: its tally rows (migration 006) instead of counting every order. */
export function salesOrderTotal(tenantId: string): SqlPart {
  return sqlPart('SELECT coalesce(sum(orders), 0) AS total FROM sales_order_tallies WHERE tenant_id = ?', tenantId);
}

/** The dashboard's Active Sales Orders ('active' or 'processing') of the tenant, as SQL taking the tenant id. */
export const ACTIVE_SALES_ORDERS_SQL = 'SELECT coalesce(sum(active_orders), 0) FROM sales_order_tallies WHERE tenant_id = ?';

/**
 * Folds each tenant's tally rows into one. Rows appended meanwhile are not in the statement's
 * snapshot and stay; two compactions at once each move only rows the other has not deleted.
 */
export async function compactSalesOrderTallies(knex: Knex): Promise<void> {
  await knex.raw(
    `WITH moved AS (
       DELETE FROM sales_order_tallies
       WHERE tenant_id IN (SELECT tenant_id FROM sales_order_tallies GROUP BY tenant_id HAVING count(*) > 1)
       RETURNING tenant_id, orders, active_orders
     )
     INSERT INTO sales_order_tallies (tenant_id, orders, active_orders)
     SELECT tenant_id, sum(orders), sum(active_orders) FROM moved GROUP BY tenant_id`,
  );
}

export type SalesOrderTallyDrift = Extract<Drift, { kind: 'sales-order-tally' }>;

/** Tenants whose tallies differ from their orders, counted afresh. */
export async function salesOrderTallyDrift(trx: Knex.Transaction, tenantId: string | undefined): Promise<SalesOrderTallyDrift[]> {
  const rows: { tenant_id: string; stored_orders: string; stored_active: string; orders: string; active_orders: string }[] = (
    await trx.raw(
      `WITH stored AS (
         SELECT tenant_id, sum(orders) AS orders, sum(active_orders) AS active_orders FROM sales_order_tallies
         WHERE ?::text IS NULL OR tenant_id = ? GROUP BY tenant_id
       ), counted AS (
         SELECT tenant_id, count(*) AS orders, count(*) FILTER (WHERE status IN ('active', 'processing')) AS active_orders FROM sales_orders
         WHERE ?::text IS NULL OR tenant_id = ? GROUP BY tenant_id
       )
       SELECT coalesce(s.tenant_id, c.tenant_id) AS tenant_id,
              coalesce(s.orders, 0) AS stored_orders, coalesce(s.active_orders, 0) AS stored_active,
              coalesce(c.orders, 0) AS orders, coalesce(c.active_orders, 0) AS active_orders
       FROM stored s FULL OUTER JOIN counted c ON c.tenant_id = s.tenant_id
       WHERE coalesce(s.orders, 0) <> coalesce(c.orders, 0) OR coalesce(s.active_orders, 0) <> coalesce(c.active_orders, 0)
       ORDER BY 1`,
      [tenantId ?? null, tenantId ?? null, tenantId ?? null, tenantId ?? null],
    )
  ).rows;
  return rows.map((row) => ({
    kind: 'sales-order-tally',
    tenantId: row.tenant_id,
    stored: { orders: Number(row.stored_orders), activeOrders: Number(row.stored_active) },
    expected: { orders: Number(row.orders), activeOrders: Number(row.active_orders) },
  }));
}

/** Replaces a drifted tenant's tally rows with its counted figures. */
export async function rewriteSalesOrderTally(trx: Knex.Transaction, drift: SalesOrderTallyDrift): Promise<void> {
  await trx('sales_order_tallies').where('tenant_id', drift.tenantId).delete();
  await trx('sales_order_tallies').insert({ tenant_id: drift.tenantId, orders: drift.expected.orders, active_orders: drift.expected.activeOrders });
}

/** Compacts the tallies every `everyMs` so a tenant's figures stay a sum of a few rows; stop() ends it. */
export function startTallyCompaction(knex: Knex, onError: (err: unknown) => void, everyMs = 60_000): { stop(): void } {
  const timer = setInterval(() => void compactSalesOrderTallies(knex).catch(onError), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

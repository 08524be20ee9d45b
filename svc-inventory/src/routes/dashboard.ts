import type { DashboardStats } from '@printpool/contracts';
import { createRouter, type Database, preparedStatement, type ServiceRouter } from '@printpool/service-kit';
import { OPEN_BULK_PO } from '../ledger/openBulk.js';
import { ACTIVE_SALES_ORDERS_SQL } from '../tallies/salesOrderTallies.js';
import { isStockItem } from '../read/stockTypes.js';
import { loadProgramDashboard } from '../read/programDashboard.js';

/**
 * Dashboard cards. activeSOs: orders holding pool inventory for a live deal, 'active' and
 * 'processing' (accepted). totalItems: units in stock across the pool (sum of virtual
 * inventory; a Category or Group item, never stock, is not counted, as the items list does not
 * offer it), what 'Total Items in Stock' tells a broker. pendingPullTickets: pull tickets in
 * 'pending'. openPOs: open bulk POs (the pool the dashboard lists). conflictSOs: orders waiting
 * for the broker to choose between their value and QuickBooks' (orders/importEstimates.ts). The active count comes
 * from the tallies kept as orders change (migration 006), not from counting the orders.
 */
export function dashboardRoutes(db: Database): ServiceRouter {
  const { knex } = db;
  const router = createRouter('/api');
  router.get('/dashboard/stats', db.readCache.middleware, async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const { rows } = await preparedStatement(
      knex,
      `SELECT
         (${ACTIVE_SALES_ORDERS_SQL}) AS active_sos,
         (SELECT coalesce(sum(il.virtual_inventory), 0) FROM item_levels il WHERE il.tenant_id = ?
            AND NOT EXISTS (SELECT 1 FROM items i WHERE i.tenant_id = il.tenant_id AND i.qb_id = il.item_qb_id AND NOT ${isStockItem('i')})) AS total_items,
         (SELECT count(*) FROM pull_tickets WHERE tenant_id = ? AND status = 'pending') AS pending_pull_tickets,
         (SELECT count(*) FROM purchase_orders po WHERE po.tenant_id = ? AND ${OPEN_BULK_PO}) AS open_pos,
         (SELECT count(*) FROM sales_orders WHERE tenant_id = ? AND sync_status = 'conflict') AS conflict_sos`,
      [tenantId, tenantId, tenantId, tenantId, tenantId],
    );
    const row = rows[0];
    const stats: DashboardStats = {
      activeSOs: Number(row.active_sos),
      totalItems: Number(row.total_items),
      pendingPullTickets: Number(row.pending_pull_tickets),
      openPOs: Number(row.open_pos),
      conflictSOs: Number(row.conflict_sos),
    };
    ctx.body = stats;
  });
  router.get('/dashboard/programs', async (ctx) => {
    ctx.body = await loadProgramDashboard(knex, ctx.state.caller.tenantId, new Date().toISOString().slice(0, 10));
  });
  return router;
}

import { createRouter, notFound, parseInput, requestBody, type ServiceRouter } from '@printpool/service-kit';
import { z } from 'zod';
import { changeInTransaction, type ChangeContext } from '../events/transaction.js';
import { loadSalesOrderRows, salesOrderView } from '../read/salesOrderView.js';
import { recordId } from './params.js';

const SyncResultSchema = z.object({
  syncStatus: z.enum(['syncing', 'synced', 'error']),
  syncError: z.string().nullable().optional(),
  qbId: z.string().min(1).optional(),
  syncToken: z.string().min(1).optional(),
});

/**
 * svc-sync records how writing a sales order back to its QuickBooks estimate went: the sync
 * status the Sales Orders page shows and, once QuickBooks accepted it, the estimate's id and
 * SyncToken. An internal route: only services may call it; the internal token names the tenant.
 */
export function writeBackRoutes(context: ChangeContext): ServiceRouter {
  const { knex } = context.db;
  const router = createRouter('/api/internal/sales-orders');

  router.post('/:id/sync-result', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const id = recordId(ctx.params.id, 'Sales order');
    const result = parseInput(SyncResultSchema, requestBody(ctx));
    await changeInTransaction(context, tenantId, async (trx, changes) => {
      const updated = await trx('sales_orders')
        .where({ id, tenant_id: tenantId })
        .update({
          sync_status: result.syncStatus,
          // Only a failure has a reason; starting over or succeeding clears the last one.
          sync_error: result.syncStatus === 'error' ? (result.syncError ?? 'QuickBooks sync failed') : null,
          ...(result.qbId === undefined ? {} : { qb_id: result.qbId }),
          ...(result.syncToken === undefined ? {} : { sync_token: result.syncToken }),
          updated_at: trx.fn.now(),
        });
      if (updated === 0) throw notFound('Sales order');
      changes.salesOrders.add(id);
    });
    const [view] = (await loadSalesOrderRows(knex, tenantId, [id])).map(salesOrderView);
    ctx.body = view;
  });

  return router;
}

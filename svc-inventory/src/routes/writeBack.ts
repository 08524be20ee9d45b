import { conflict, createRouter, notFound, parseInput, requestBody, type ServiceRouter } from '@printpool/service-kit';
import { SalesOrderSyncResultSchema, type SalesOrderSyncResult } from '@printpool/contracts';
import { exactQuantity } from '@printpool/domain';
import { estimateEdit, type QuickbooksBase } from '../domain/estimateEdit.js';
import { requestReason } from '../application/history.js';
import { changeInTransaction, type ChangeContext } from '../application/transaction.js';
import { importEstimates } from '../orders/importEstimates.js';
import { republishOpenTickets } from '../orders/deletedEstimates.js';
import { loadSalesOrderRows, salesOrderView } from '../read/salesOrderView.js';
import { recordId } from './params.js';

interface EditedOrderRow {
  qb_id: string | null;
  sync_token: string | null;
  customer_email: string | null;
  quickbooks_base: QuickbooksBase | null;
}

interface EditedLineRow {
  qb_line_id: string | null;
  item_qb_id: string | null;
  quantity: string;
  unit_price: string;
  description: string | null;
}

/** What a write-back step is called in the order's history (docs/product.md §10). */
const WRITE_BACK_ACTIONS: Record<SalesOrderSyncResult['syncStatus'], string> = {
  syncing: 'Sending to QuickBooks',
  synced: 'Saved in QuickBooks',
  error: 'QuickBooks refused the change',
};

/**
 * Write-back's side in svc-inventory (internal routes: only services may call them; the internal
 * token names the tenant). svc-sync reads what the broker changed on an order since it was last
 * synced, and records how writing it to the QuickBooks estimate went: the sync status the Sales
 * Orders page shows and, once QuickBooks accepted it, the estimate as QuickBooks now holds it.
 */
export function writeBackRoutes(context: ChangeContext): ServiceRouter {
  const { knex } = context.db;
  const router = createRouter('/api/internal/sales-orders');

  router.get('/:id/estimate-edit', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const id = recordId(ctx.params.id, 'Sales order');
    const order: EditedOrderRow | undefined = await knex('sales_orders')
      .where({ id, tenant_id: tenantId })
      .first('qb_id', 'sync_token', 'customer_email', 'quickbooks_base');
    if (!order) throw notFound('Sales order');
    if (!order.qb_id || !order.sync_token) throw conflict('The sales order has no QuickBooks estimate yet', { field: 'qbId' });
    if (!order.quickbooks_base) throw conflict('Sync estimates from QuickBooks once before writing this order back', { field: 'qbId' });
    const lines: EditedLineRow[] = await knex('sales_order_lines')
      .where({ tenant_id: tenantId, sales_order_id: id })
      .orderBy(['line_no', 'id'])
      .select('qb_line_id', 'item_qb_id', 'quantity', 'unit_price', 'description');
    ctx.body = estimateEdit(
      {
        id,
        qbId: order.qb_id,
        syncToken: order.sync_token,
        customerEmail: order.customer_email,
        lines: lines.map((line) => ({
          qbLineId: line.qb_line_id,
          itemId: line.item_qb_id,
          quantity: exactQuantity(line.quantity),
          unitPrice: Number(line.unit_price),
          description: line.description,
        })),
      },
      order.quickbooks_base,
    );
  });

  router.post('/:id/sync-result', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const id = recordId(ctx.params.id, 'Sales order');
    const result = parseInput(SalesOrderSyncResultSchema, requestBody(ctx));
    await changeInTransaction(context, tenantId, requestReason(ctx.state, WRITE_BACK_ACTIONS[result.syncStatus]), async (trx, changes) => {
      const before: { deleted_in_quickbooks_at: Date | null } | undefined = await trx('sales_orders')
        .where({ id, tenant_id: tenantId })
        .forUpdate()
        .first('deleted_in_quickbooks_at');
      const updated = await trx('sales_orders')
        .where({ id, tenant_id: tenantId })
        .update({
          sync_status: result.syncStatus,
          // Only a failure has a reason; starting over or succeeding clears the last one.
          sync_error: result.syncStatus === 'error' ? (result.syncError ?? 'QuickBooks sync failed') : null,
          // QuickBooks answered with its estimate: one re-created for an order kept after its deletion (orders/deletedEstimates.ts) exists again.
          ...(result.qbId === undefined ? {} : { qb_id: result.qbId, deleted_in_quickbooks_at: null }),
          ...(result.syncToken === undefined ? {} : { sync_token: result.syncToken }),
          updated_at: trx.fn.now(),
        });
      if (updated === 0) throw notFound('Sales order');
      if (before?.deleted_in_quickbooks_at && result.qbId !== undefined) await republishOpenTickets(trx, tenantId, [id]);
      // The order becomes what QuickBooks holds now: line ids for lines added here, a QuickBooks edit merged in, the new common ancestor.
      if (result.estimate) await importEstimates(trx, tenantId, [result.estimate], changes, { written: true });
      changes.salesOrders.add(id);
    });
    const [view] = (await loadSalesOrderRows(knex, tenantId, [id])).map(salesOrderView);
    ctx.body = view;
  });

  return router;
}

import { createRouter, notFound, type ServiceRouter } from '@printpool/service-kit';
import type { SyncRouteDeps } from './deps.js';

/**
 * Write-back: "Sync to QuickBooks" on a sales order answers `{ syncStatus, syncError, qbId }` of the
 * order; a receipt's write answers its run; a reorder estimate answers the estimate.
 */
export function writeBackRoute(deps: SyncRouteDeps): ServiceRouter {
  const router = createRouter();

  router.post('/api/sales-orders/:id/sync', async (ctx) => {
    const { id } = ctx.params;
    // svc-inventory's ids are integers; anything else names no order, for any tenant.
    if (!id || !/^\d{1,15}$/.test(id)) throw notFound('Sales order');
    ctx.body = await deps.estimates.write(ctx.state.caller, id);
  });

  /** The delete dialog's 'Mark Rejected in QuickBooks': the estimate is rejected there, the order becomes 'cancelled' here. */
  router.post('/api/sales-orders/:id/reject-estimate', async (ctx) => {
    const { id } = ctx.params;
    if (!id || !/^\d{1,15}$/.test(id)) throw notFound('Sales order');
    ctx.body = await deps.estimates.reject(ctx.state.caller, id);
  });

  /** Receipts card → a receipt the broker asked to write to the QuickBooks PO (docs/product.md §11): written, or the reason it was not. */
  router.post('/api/purchase-orders/:id/receipts/:receiptId/write-back', async (ctx) => {
    const { id, receiptId } = ctx.params;
    if (!id || !/^\d{1,15}$/.test(id)) throw notFound('Purchase order');
    if (!receiptId || !/^\d{1,15}$/.test(receiptId)) throw notFound('Receipt');
    ctx.body = await deps.receipts.write(ctx.state.caller, id, receiptId);
  });

  /** Stock Alerts → 'Create reorder estimate' on a customer's item (docs/product.md §12): the estimate, linked to the alert. */
  router.post('/api/customers/:id/inventory/:itemId/reorder-estimate', async (ctx) => {
    const { id, itemId } = ctx.params;
    if (!id || !/^\d{1,15}$/.test(id)) throw notFound('Customer');
    if (!itemId || itemId.trim().length === 0 || itemId.length > 100) throw notFound('Item of the customer');
    ctx.body = await deps.reorders.create(ctx.state.caller, id, itemId);
  });

  return router;
}

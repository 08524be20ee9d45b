import { PurchaseOrderItemParamsSchema, StockOwnerInputSchema } from '@printpool/contracts';
import { answerVersioned, basedOnVersion, createRouter, notFound, parseInput, requestBody, type ServiceRouter } from '@printpool/service-kit';
import { requestReason } from '../application/history.js';
import { changeInTransaction, type ChangeContext } from '../application/transaction.js';
import { refuseUnlessBulk } from '../orders/programTerms.js';
import { assignStock } from '../orders/stockAssignments.js';
import { loadStockOwners } from '../read/purchaseOrderStockOwners.js';
import { recordId } from './params.js';

/** Whose stock each item of a bulk PO is, and the broker's word on it (docs/product.md §12); none of it goes to QuickBooks. */
export function stockOwnerRoutes(context: ChangeContext): ServiceRouter {
  const { knex } = context.db;
  const router = createRouter();

  router.get('/api/purchase-orders/:id/stock-owners', async (ctx) => {
    const found = await loadStockOwners(knex, ctx.state.caller.tenantId, recordId(ctx.params.id, 'Purchase order'));
    refuseUnlessBulk(found && { poType: found.poType, poNumber: found.owners.poNumber });
    ctx.body = found!.owners;
  });

  router.put('/api/purchase-orders/:id/stock-owners/:itemId', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const id = recordId(ctx.params.id, 'Purchase order');
    const params = PurchaseOrderItemParamsSchema.safeParse({ id: ctx.params.id, itemId: ctx.params.itemId });
    if (!params.success) throw notFound('Item on the purchase order');
    const basedOn = basedOnVersion(ctx);
    const input = parseInput(StockOwnerInputSchema, requestBody(ctx));
    const owner = await changeInTransaction(context, tenantId, requestReason(ctx.state, 'Stock owner changed'), (trx, changes) =>
      assignStock(trx, tenantId, id, params.data.itemId, input, basedOn, changes),
    );
    answerVersioned(ctx, owner);
  });

  return router;
}

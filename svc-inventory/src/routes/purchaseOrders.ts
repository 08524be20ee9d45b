import { answerVersioned, basedOnVersion, conflict, createRouter, notFound, parseInput, requestBody, type ServiceRouter } from '@printpool/service-kit';
import {
  ListPagingQuerySchema,
  OpenBulkPurchaseOrdersQuerySchema,
  PurchaseOrderCreateSchema,
  PurchaseOrderListFiltersSchema,
  PurchaseOrderStatusInputSchema,
} from '@printpool/contracts';
import { requirementFromNeed } from '../domain/coverage.js';
import { requestReason } from '../application/history.js';
import { changeInTransaction, type ChangeContext } from '../application/transaction.js';
import { createPurchaseOrder } from '../orders/createManualOrders.js';
import { overrideStatus } from '../orders/overrideStatus.js';
import { removePurchaseOrders } from '../orders/removePurchaseOrders.js';
import { coveringBulkPurchaseOrders } from '../read/openBulkPurchaseOrders.js';
import { PURCHASE_ORDER_CSV, purchaseOrderList, purchaseOrderListRow, withChargesToDate } from '../read/purchaseOrderList.js';
import { loadPurchaseOrderViews, type PurchaseOrderRow } from '../read/purchaseOrderView.js';
import { listRoutes } from './listRoutes.js';
import { recordId } from './params.js';

/** Purchase Orders page: list, the bulk POs a sales order can draw from, status override, creation and deletion of manual POs. */
export function purchaseOrderRoutes(context: ChangeContext): ServiceRouter {
  const { knex } = context.db;
  const router = createRouter('/api/purchase-orders');

  listRoutes(router, context.db, '/', {
    filters: PurchaseOrderListFiltersSchema,
    select: purchaseOrderList,
    view: (row: PurchaseOrderRow) => purchaseOrderListRow(row),
    complete: withChargesToDate,
    csv: PURCHASE_ORDER_CSV,
    fileName: 'purchase-orders',
  });

  /** The Bulk Purchase Order picker: open bulk POs covering `need`, oldest first, paged (libs/contracts openBulkPurchaseOrders.ts). */
  router.get('/bulk/open', context.db.readCache.middleware, async (ctx) => {
    const { need, holding, id } = parseInput(OpenBulkPurchaseOrdersQuerySchema, { need: ctx.query.need, holding: ctx.query.holding, id: ctx.query.id });
    const page = await coveringBulkPurchaseOrders(knex, ctx.state.caller.tenantId, {
      ...ListPagingQuerySchema.parse(ctx.query),
      need: need ? requirementFromNeed(need) : new Map(),
      holdingOrderId: holding ? Number(holding) : null,
      purchaseOrderId: id ? Number(id) : null,
    });
    ctx.set('X-Total-Count', String(page.total));
    ctx.body = page.rows;
  });

  /** New Purchase Order (source Manual): 201 with the order as the list shows it; 409 naming poNumber when the number is taken. */
  router.post('/', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const input = parseInput(PurchaseOrderCreateSchema, requestBody(ctx), { wordedForTheScreen: true });
    const id = await changeInTransaction(context, tenantId, requestReason(ctx.state, 'Created'), (trx, changes) =>
      createPurchaseOrder(trx, tenantId, input, changes),
    );
    const [view] = await loadPurchaseOrderViews(knex, tenantId, [id]);
    ctx.status = 201;
    ctx.body = view;
  });

  router.get('/:id', async (ctx) => {
    const [view] = await loadPurchaseOrderViews(knex, ctx.state.caller.tenantId, [recordId(ctx.params.id, 'Purchase order')]);
    if (!view) throw notFound('Purchase order');
    answerVersioned(ctx, view);
  });

  router.post('/:id/status', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const id = recordId(ctx.params.id, 'Purchase order');
    const basedOn = basedOnVersion(ctx);
    const { status } = parseInput(PurchaseOrderStatusInputSchema, requestBody(ctx));
    await changeInTransaction(context, tenantId, requestReason(ctx.state, 'Status changed'), (trx, changes) =>
      overrideStatus(trx, tenantId, id, status, basedOn, changes),
    );
    const [view] = await loadPurchaseOrderViews(knex, tenantId, [id]);
    answerVersioned(ctx, view!);
  });

  router.delete('/:id', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const id = recordId(ctx.params.id, 'Purchase order');
    await changeInTransaction(context, tenantId, requestReason(ctx.state, 'Deleted'), async (trx, changes) => {
      const po: { qb_id: string | null } | undefined = await trx('purchase_orders').where({ id, tenant_id: tenantId }).forUpdate().first('qb_id');
      if (!po) throw notFound('Purchase order');
      if (po.qb_id) throw conflict('This purchase order is synced from QuickBooks and cannot be deleted here; delete it in QuickBooks instead');
      await removePurchaseOrders(trx, tenantId, [id], changes);
    });
    ctx.status = 204;
  });

  return router;
}

import { PullTicketCreationSchema, SalesOrderCreateSchema, SalesOrderListFiltersSchema, SalesOrderUpdateSchema } from '@printpool/contracts';
import { answerVersioned, basedOnVersion, createRouter, notFound, parseInput, requestBody, type ServiceRouter } from '@printpool/service-kit';
import { requestReason } from '../application/history.js';
import { changeInTransaction, type ChangeContext } from '../application/transaction.js';
import { acceptManualOrder, ACCEPTED } from '../orders/acceptManualOrder.js';
import { createSalesOrder } from '../orders/createManualOrders.js';
import { deleteSalesOrderForBroker } from '../orders/deleteSalesOrders.js';
import { confirmDeletedInQuickbooks, recreateEstimate } from '../orders/deletedEstimates.js';
import { editSalesOrder } from '../orders/editSalesOrder.js';
import { createPullTicket } from '../pullTickets/createPullTicket.js';
import { SALES_ORDER_CSV, salesOrderList } from '../read/salesOrderList.js';
import { loadSalesOrderRows, salesOrderView, type SalesOrderRow } from '../read/salesOrderView.js';
import { listRoutes } from './listRoutes.js';
import { recordId } from './params.js';

/** Sales Orders page: list, create a manual order, edit (re-allocating in one transaction), delete (releasing), create a pull ticket. */
export function salesOrderRoutes(context: ChangeContext): ServiceRouter {
  const { knex } = context.db;
  const router = createRouter('/api/sales-orders');

  listRoutes(router, context.db, '/', {
    filters: SalesOrderListFiltersSchema,
    select: salesOrderList,
    view: (row: SalesOrderRow) => salesOrderView(row),
    csv: SALES_ORDER_CSV,
    fileName: 'sales-orders',
  });

  /** New Sales Order (source Manual): 201 with the order as the list shows it; 409 naming soNumber when the number is taken. */
  router.post('/', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const input = parseInput(SalesOrderCreateSchema, requestBody(ctx), { wordedForTheScreen: true });
    const id = await changeInTransaction(context, tenantId, requestReason(ctx.state, 'Created'), (trx, changes) =>
      createSalesOrder(trx, tenantId, input, changes),
    );
    ctx.status = 201;
    answerVersioned(ctx, await loadView(tenantId, id));
  });

  router.get('/:id', async (ctx) => {
    answerVersioned(ctx, await loadView(ctx.state.caller.tenantId, recordId(ctx.params.id, 'Sales order')));
  });

  router.put('/:id', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const id = recordId(ctx.params.id, 'Sales order');
    const basedOn = basedOnVersion(ctx);
    const input = parseInput(SalesOrderUpdateSchema, requestBody(ctx), { wordedForTheScreen: true });
    await changeInTransaction(context, tenantId, requestReason(ctx.state, 'Edited'), (trx, changes) =>
      editSalesOrder(trx, tenantId, id, input, basedOn, changes),
    );
    answerVersioned(ctx, await loadView(tenantId, id));
  });

  /** Accept order (docs/product.md §4): a manual order the customer accepted becomes processing, on the version the broker saw. */
  router.post('/:id/accept', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const id = recordId(ctx.params.id, 'Sales order');
    const basedOn = basedOnVersion(ctx);
    await changeInTransaction(context, tenantId, requestReason(ctx.state, ACCEPTED), (trx, changes) => acceptManualOrder(trx, tenantId, id, basedOn, changes));
    answerVersioned(ctx, await loadView(tenantId, id));
  });

  router.delete('/:id', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const id = recordId(ctx.params.id, 'Sales order');
    const deleted = await changeInTransaction(context, tenantId, requestReason(ctx.state, 'Deleted'), (trx, changes) =>
      deleteSalesOrderForBroker(trx, tenantId, id, changes),
    );
    if (!deleted) throw notFound('Sales order');
    ctx.status = 204;
  });

  /** Deleted in QuickBooks (docs/product.md §4): the broker confirms the order is gone, releasing its stock. */
  router.post('/:id/confirm-deleted', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const id = recordId(ctx.params.id, 'Sales order');
    await changeInTransaction(context, tenantId, requestReason(ctx.state, 'Deleted'), (trx, changes) => confirmDeletedInQuickbooks(trx, tenantId, id, changes));
    ctx.status = 204;
  });

  /** Deleted in QuickBooks: the broker asks for the estimate back; Sync to QuickBooks (svc-sync) then creates it. */
  router.post('/:id/recreate-estimate', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const id = recordId(ctx.params.id, 'Sales order');
    await changeInTransaction(context, tenantId, requestReason(ctx.state, 'Re-creating in QuickBooks'), (trx, changes) =>
      recreateEstimate(trx, tenantId, id, changes),
    );
    answerVersioned(ctx, await loadView(tenantId, id));
  });

  /** Opens the pull ticket of an accepted QuickBooks order (docs/product.md §4); `{ force: true }` opens another beside an open one, `{ bulkPoId }` draws an order without a bulk PO from the one chosen. */
  router.post('/:id/create-pull-ticket', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const id = recordId(ctx.params.id, 'Sales order');
    const input = parseInput(PullTicketCreationSchema, requestBody(ctx), { wordedForTheScreen: true });
    ctx.status = 201;
    ctx.body = await changeInTransaction(context, tenantId, requestReason(ctx.state, 'Pull ticket created'), (trx, changes) =>
      createPullTicket(trx, tenantId, id, input, changes),
    );
  });

  async function loadView(tenantId: string, id: number) {
    const [view] = (await loadSalesOrderRows(knex, tenantId, [id])).map(salesOrderView);
    if (!view) throw notFound('Sales order');
    return view;
  }

  return router;
}

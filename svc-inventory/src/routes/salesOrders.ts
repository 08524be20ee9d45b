import { createRouter, HttpError, notFound, requestBody, type ServiceRouter } from '@printpool/service-kit';
import { totalOf } from './total.js';
import { containsPattern, parseListQuery } from '../domain/paging.js';
import { SalesOrderUpdateSchema, type SalesOrderUpdate } from '../domain/salesOrderInput.js';
import { changeInTransaction, type ChangeContext } from '../events/transaction.js';
import { deleteSalesOrders } from '../orders/deleteSalesOrders.js';
import { editSalesOrder } from '../orders/editSalesOrder.js';
import { loadSalesOrderRows, SALES_ORDER_COLUMNS, salesOrderViews } from '../read/salesOrderView.js';
import { recordId } from './params.js';

/** Sales Orders page: list, edit (re-allocating in one transaction), delete (releasing). */
export function salesOrderRoutes(context: ChangeContext): ServiceRouter {
  const { knex } = context.db;
  const router = createRouter('/api/sales-orders');

  /** Newest first; `?search=` matches SO number, customer or status. */
  router.get('/', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const { search, limit, offset } = parseListQuery(ctx.query);
    const base = knex('sales_orders as so').where('so.tenant_id', tenantId);
    if (search) {
      base.where((q) =>
        q.whereILike('so.so_number', containsPattern(search)).orWhereILike('so.customer_name', containsPattern(search)).orWhereILike('so.status', containsPattern(search)),
      );
    }
    const total = await totalOf(base);
    const rows = await base.orderBy([{ column: 'so.created_at', order: 'desc' }, { column: 'so.id', order: 'desc' }]).limit(limit).offset(offset).select(SALES_ORDER_COLUMNS);
    ctx.set('X-Total-Count', String(total));
    ctx.body = await salesOrderViews(knex, tenantId, rows);
  });

  router.get('/:id', async (ctx) => {
    ctx.body = await loadView(ctx.state.caller.tenantId, recordId(ctx.params.id, 'Sales order'));
  });

  router.put('/:id', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const id = recordId(ctx.params.id, 'Sales order');
    const input = parseUpdate(requestBody(ctx));
    await changeInTransaction(context, tenantId, (trx, changes) => editSalesOrder(trx, tenantId, id, input, changes));
    ctx.body = await loadView(tenantId, id);
  });

  router.delete('/:id', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const id = recordId(ctx.params.id, 'Sales order');
    const deleted = await changeInTransaction(context, tenantId, (trx, changes) => deleteSalesOrders(trx, tenantId, [id], changes));
    if (deleted === 0) throw notFound('Sales order');
    ctx.status = 204;
  });

  async function loadView(tenantId: string, id: number) {
    const [view] = await salesOrderViews(knex, tenantId, await loadSalesOrderRows(knex, tenantId, [id]));
    if (!view) throw notFound('Sales order');
    return view;
  }

  return router;
}

/**
 * The form's rules answer with the spec's own words ('At least one item is required'), the
 * field named in details, rather than parseInput's 'field: message'.
 */
function parseUpdate(body: unknown): SalesOrderUpdate {
  const result = SalesOrderUpdateSchema.safeParse(body);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || '(body)', message: issue.message }));
  throw new HttpError(400, issues[0]!.message, 'VALIDATION_FAILED', { issues });
}

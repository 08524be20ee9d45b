import { answerVersioned, basedOnVersion, createRouter, parseInput, requestBody, type ServiceRouter } from '@printpool/service-kit';
import { ReceiptInputSchema, ReceiptResolutionInputSchema, ReceiptWriteBackResultSchema } from '@printpool/contracts';
import { requestReason } from '../application/history.js';
import { changeInTransaction, type ChangeContext } from '../application/transaction.js';
import { RECEIPT_WRITE_BACK_ACTIONS, receiptToWrite, recordReceiptWriteBack } from '../orders/receiptWriteBack.js';
import { bulkRun, recordReceipt, resolveReceipt } from '../orders/receipts.js';
import { loadReceipts } from '../read/receipts.js';
import { recordId } from './params.js';

/** Receipts of bulk POs' runs, with their overs and unders (docs/product.md §11). */
export function receiptRoutes(context: ChangeContext): ServiceRouter {
  const { knex } = context.db;
  const router = createRouter();

  router.get('/api/purchase-orders/:id/receipts', async (ctx) => {
    answerVersioned(ctx, bulkRun(await loadReceipts(knex, ctx.state.caller.tenantId, recordId(ctx.params.id, 'Purchase order'))).receipts);
  });

  router.post('/api/purchase-orders/:id/receipts', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const id = recordId(ctx.params.id, 'Purchase order');
    const basedOn = basedOnVersion(ctx);
    const input = parseInput(ReceiptInputSchema, requestBody(ctx));
    await changeInTransaction(context, tenantId, requestReason(ctx.state, 'Receipt recorded'), (trx, changes) =>
      recordReceipt(trx, tenantId, id, input, basedOn, changes),
    );
    ctx.status = 201;
    answerVersioned(ctx, bulkRun(await loadReceipts(knex, tenantId, id)).receipts);
  });

  router.post('/api/purchase-orders/:id/receipts/:receiptId/resolve', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const id = recordId(ctx.params.id, 'Purchase order');
    const receiptId = recordId(ctx.params.receiptId, 'Receipt');
    const basedOn = basedOnVersion(ctx);
    const input = parseInput(ReceiptResolutionInputSchema, requestBody(ctx));
    const action = input.resolution === 'accepted' ? 'Receipt accepted' : 'Receipt held as a claim';
    await changeInTransaction(context, tenantId, requestReason(ctx.state, action), (trx, changes) =>
      resolveReceipt(trx, tenantId, id, receiptId, input, basedOn, changes),
    );
    answerVersioned(ctx, bulkRun(await loadReceipts(knex, tenantId, id)).receipts);
  });

  return router;
}

/**
 * A receipt's write to the QuickBooks PO, svc-sync's side in svc-inventory (internal routes: only
 * services may call them; the internal token names the tenant): what to write, and how it went.
 */
export function receiptWriteBackRoutes(context: ChangeContext): ServiceRouter {
  const { knex } = context.db;
  const router = createRouter('/api/internal/purchase-orders');

  router.get('/:id/receipts/:receiptId/write-back', async (ctx) => {
    const id = recordId(ctx.params.id, 'Purchase order');
    ctx.body = await receiptToWrite(knex, ctx.state.caller.tenantId, id, recordId(ctx.params.receiptId, 'Receipt'));
  });

  router.post('/:id/receipts/:receiptId/write-back-result', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const id = recordId(ctx.params.id, 'Purchase order');
    const receiptId = recordId(ctx.params.receiptId, 'Receipt');
    const result = parseInput(ReceiptWriteBackResultSchema, requestBody(ctx));
    await changeInTransaction(context, tenantId, requestReason(ctx.state, RECEIPT_WRITE_BACK_ACTIONS[result.status]), (trx, changes) =>
      recordReceiptWriteBack(trx, tenantId, id, receiptId, result, changes),
    );
    answerVersioned(ctx, bulkRun(await loadReceipts(knex, tenantId, id)).receipts);
  });

  return router;
}

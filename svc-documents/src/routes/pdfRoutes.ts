import type { Context } from 'koa';
import { StatementPeriodQuerySchema, StatementPeriodSchema } from '@printpool/contracts';
import { lastFullMonth, todayUtc, type StatementPeriod } from '@printpool/domain';
import { createRouter, parseInput, type ServiceRouter } from '@printpool/service-kit';
import type { DocumentsDeps } from '../deps.js';
import { pullTicketDocument, purchaseOrderDocument, salesOrderDocument, statementDocument } from '../pdf/documents.js';

function sendPdf(ctx: Context, { pdf, fileName }: { pdf: Buffer; fileName: string }): void {
  ctx.type = 'application/pdf';
  ctx.attachment(fileName);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = pdf;
}

/** The statement's days from the query; a day left out is the last full calendar month's (docs/product.md §12). */
function queriedPeriod(ctx: Context): StatementPeriod {
  const given = parseInput(StatementPeriodQuerySchema, { from: ctx.query.from, to: ctx.query.to });
  const lastMonth = lastFullMonth(todayUtc());
  return parseInput(StatementPeriodSchema, { from: given.from ?? lastMonth.from, to: given.to ?? lastMonth.to });
}

/** PDF downloads; errors (404 from inventory for another tenant's id) stay JSON with a message. */
export function pdfRoutes(deps: DocumentsDeps): ServiceRouter {
  const router = createRouter();
  router.get('/api/pull-tickets/:id/pdf', async (ctx) => sendPdf(ctx, await pullTicketDocument(deps, ctx.state.caller, ctx.params.id!)));
  router.get('/api/sales-orders/:id/pdf', async (ctx) => sendPdf(ctx, await salesOrderDocument(deps, ctx.state.caller, ctx.params.id!)));
  router.get('/api/purchase-orders/:id/pdf', async (ctx) => sendPdf(ctx, await purchaseOrderDocument(deps, ctx.state.caller, ctx.params.id!)));
  router.get('/api/customers/:id/statement.pdf', async (ctx) =>
    sendPdf(ctx, await statementDocument(deps, ctx.state.caller, ctx.params.id!, queriedPeriod(ctx))),
  );
  return router;
}

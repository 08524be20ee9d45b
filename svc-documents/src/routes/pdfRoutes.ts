import type { Context } from 'koa';
import { createRouter, type ServiceRouter } from '@printpool/service-kit';
import type { DocumentsDeps } from '../deps.js';
import { pullTicketDocument, purchaseOrderDocument, salesOrderDocument } from '../pdf/documents.js';

function sendPdf(ctx: Context, { pdf, fileName }: { pdf: Buffer; fileName: string }): void {
  ctx.type = 'application/pdf';
  ctx.attachment(fileName);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = pdf;
}

/** PDF downloads; errors (404 from inventory for another tenant's id) stay JSON with a message. */
export function pdfRoutes(deps: DocumentsDeps): ServiceRouter {
  const router = createRouter();
  router.get('/api/pull-tickets/:id/pdf', async (ctx) => sendPdf(ctx, await pullTicketDocument(deps, ctx.state.caller, ctx.params.id!)));
  router.get('/api/sales-orders/:id/pdf', async (ctx) => sendPdf(ctx, await salesOrderDocument(deps, ctx.state.caller, ctx.params.id!)));
  router.get('/api/purchase-orders/:id/pdf', async (ctx) => sendPdf(ctx, await purchaseOrderDocument(deps, ctx.state.caller, ctx.params.id!)));
  return router;
}

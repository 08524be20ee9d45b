import { createHash, randomBytes } from 'node:crypto';
import type { RequestListener } from 'node:http';
import { createRouter, createServiceApp } from '@printpool/service-kit';
import { INTERNAL_SECRET, logger } from './gateway.js';

/** A PDF-sized binary with every byte value, so any re-encoding on the way would show. */
export const PDF_BYTES = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(300 * 1024), Buffer.from([0, 0xff, 0x0d, 0x0a, 0x1a])]);

export interface EchoService {
  listener: RequestListener;
  /** Requests that reached the service, in order. */
  calls: { method: string; url: string }[];
}

/** A real service built like the product's: service-kit app, internal token required on /api routes. */
export function createEchoService(): EchoService {
  const calls: EchoService['calls'] = [];
  const open = createRouter('/api');
  open.post('/quickbooks/webhook', (ctx) => {
    ctx.body = { internalToken: ctx.get('x-printpool-internal') || null, cookie: ctx.get('cookie') || null, body: ctx.request.body };
  });

  const api = createRouter('/api');
  api.get('/items', (ctx) => {
    ctx.body = {
      caller: ctx.state.caller,
      internalToken: ctx.get('x-printpool-internal'),
      query: ctx.query,
      url: ctx.url,
      cookie: ctx.get('cookie') || null,
      forwardedFor: ctx.get('x-forwarded-for'),
      forwardedProto: ctx.get('x-forwarded-proto'),
      requestId: ctx.get('x-request-id'),
      traceparent: ctx.get('traceparent') || null,
    };
  });
  api.get('/items/:id', (ctx) => {
    ctx.status = 404;
    ctx.body = { message: 'Item not found', code: 'NOT_FOUND' };
  });
  api.post('/purchase-orders/:id/status', (ctx) => {
    ctx.body = { id: ctx.params.id, body: ctx.request.body, contentType: ctx.get('content-type'), caller: ctx.state.caller };
  });
  api.get('/pull-tickets/:id/pdf', (ctx) => {
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="PT-${ctx.params.id}.pdf"`);
    ctx.body = PDF_BYTES;
  });
  api.post('/attachments', async (ctx) => {
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of ctx.req) {
      hash.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
    }
    ctx.status = 201;
    ctx.body = { bytes, sha256: hash.digest('hex'), contentType: ctx.get('content-type') };
  });
  api.get('/dashboard/stats', (ctx) => {
    ctx.body = { activeSOs: 2, totalItems: 40, pendingPullTickets: 1, openPOs: 3, conflictSOs: 0 };
  });

  const app = createServiceApp({ name: 'echo', logger, publicRouters: [open], routers: [api], internalTokenSecret: INTERNAL_SECRET });
  const handle = app.callback();
  return {
    calls,
    listener: (req, res) => {
      calls.push({ method: req.method ?? '', url: req.url ?? '' });
      return handle(req, res);
    },
  };
}

import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import Router from '@koa/router';
import { createInternalTokenVerifier, INTERNAL_TOKEN_HEADER } from '@printpool/service-kit';
import { bundledSalesOrder, pullTicket, purchaseOrder, purchaseOrderWithFreight, salesOrder, TENANT } from './fixtures.js';

export interface InventoryPeer {
  url: string;
  /** Pull ticket ids inventory was asked to mark sent. */
  markedSent: string[];
  /** Answers of the routes, changeable per test. */
  tickets: Map<string, ReturnType<typeof pullTicket>>;
  salesOrders: Map<string, typeof salesOrder | Record<string, unknown>>;
  purchaseOrders: Map<string, typeof purchaseOrder | Record<string, unknown>>;
  /** False: inventory answers mark-sent with 404 (an inventory release without the route). */
  markSentAvailable: boolean;
  close(): Promise<void>;
}

/**
 * A real HTTP peer standing in for svc-inventory's document routes: it checks the internal
 * token like inventory does and answers fixture data for TENANT only, 404 for anyone else.
 */
export async function startInventoryPeer(secret: string): Promise<InventoryPeer> {
  const peer: Omit<InventoryPeer, 'url' | 'close'> = {
    markedSent: [],
    tickets: new Map([['41', pullTicket()]]),
    salesOrders: new Map<string, typeof salesOrder | Record<string, unknown>>([
      ['7', salesOrder],
      ['10', bundledSalesOrder],
    ]),
    purchaseOrders: new Map<string, typeof purchaseOrder | Record<string, unknown>>([
      ['3', purchaseOrder],
      ['4', purchaseOrderWithFreight],
    ]),
    markSentAvailable: true,
  };
  const verify = createInternalTokenVerifier(secret);
  const app = new Koa();
  app.use(async (ctx, next) => {
    const claims = verify(ctx.get(INTERNAL_TOKEN_HEADER) || undefined);
    if (!claims) {
      ctx.status = 401;
      ctx.body = { message: 'Unauthorized' };
      return;
    }
    if (ctx.path.startsWith('/api/internal/') && claims.service !== 'svc-documents') {
      ctx.status = 403;
      ctx.body = { message: 'Only PrintPool services may call this route' };
      return;
    }
    if (claims.caller.tenantId !== TENANT) {
      ctx.status = 404;
      ctx.body = { message: 'Not found' };
      return;
    }
    await next();
  });
  const router = new Router();
  const answer = (ctx: Koa.Context, body: unknown, what: string) => {
    ctx.status = body ? 200 : 404;
    ctx.body = body ?? { message: `${what} not found` };
  };
  router.get('/api/pull-tickets/:id', (ctx) => answer(ctx, peer.tickets.get(ctx.params.id!), 'Pull ticket'));
  router.get('/api/sales-orders/:id', (ctx) => answer(ctx, peer.salesOrders.get(ctx.params.id!), 'Sales order'));
  router.get('/api/purchase-orders/:id', (ctx) => answer(ctx, peer.purchaseOrders.get(ctx.params.id!), 'Purchase order'));
  router.post('/api/internal/pull-tickets/:id/mark-sent', (ctx) => {
    if (!peer.markSentAvailable || !peer.tickets.has(ctx.params.id!)) return;
    peer.markedSent.push(ctx.params.id!);
    ctx.body = { ...peer.tickets.get(ctx.params.id!), status: 'sent' };
  });
  app.use(router.routes());
  const server: Server = createServer(app.callback());
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return Object.assign(peer, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

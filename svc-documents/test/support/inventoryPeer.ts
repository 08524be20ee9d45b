import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import Router from '@koa/router';
import {
  CustomerStatementSchema,
  PullTicketSchema,
  PurchaseOrderSchema,
  SalesOrderSchema,
  StatementPeriodSchema,
  type CustomerStatement,
  type PullTicket,
  type PurchaseOrder,
  type SalesOrder,
} from '@printpool/contracts';
import type { StatementPeriod } from '@printpool/domain';
import { createInternalTokenVerifier, INTERNAL_TOKEN_HEADER } from '@printpool/service-kit';
import type { z } from 'zod';
import {
  bundledSalesOrder,
  customerStatement,
  pullTicket,
  purchaseOrder,
  purchaseOrderWithFreight,
  salesOrder,
  statementWithoutEmail,
  TENANT,
  unicodePullTicket,
  unicodePurchaseOrder,
  unicodeSalesOrder,
} from './fixtures.js';

export interface InventoryPeer {
  url: string;
  /** Pull ticket ids inventory was asked to mark sent. */
  markedSent: string[];
  /** Answers of the routes, changeable per test. */
  tickets: Map<string, PullTicket>;
  salesOrders: Map<string, SalesOrder>;
  purchaseOrders: Map<string, PurchaseOrder>;
  /** Customers' statements by customer id, answered for whatever period is asked. */
  statements: Map<string, CustomerStatement>;
  /** The periods statements were asked for, in order. */
  statementPeriods: StatementPeriod[];
  /** False: inventory answers mark-sent with 404 (an inventory release without the route). */
  markSentAvailable: boolean;
  close(): Promise<void>;
}

/**
 * A real HTTP peer standing in for svc-inventory's document routes: it checks the internal
 * token like inventory does and answers fixture data for TENANT only, 404 for anyone else.
 * Each answer is held to the route's contract first, as inventory's own answers are under test
 * (service-kit answerCheck.ts): a fixture that breaks the contract fails the test that uses it.
 */
export async function startInventoryPeer(secret: string): Promise<InventoryPeer> {
  const peer: Omit<InventoryPeer, 'url' | 'close'> = {
    markedSent: [],
    tickets: new Map([
      ['41', pullTicket()],
      ['48', unicodePullTicket()],
    ]),
    salesOrders: new Map<string, SalesOrder>([
      ['7', salesOrder],
      ['10', bundledSalesOrder],
      ['12', unicodeSalesOrder],
    ]),
    purchaseOrders: new Map<string, PurchaseOrder>([
      ['3', purchaseOrder],
      ['4', purchaseOrderWithFreight],
      ['5', unicodePurchaseOrder],
    ]),
    statements: new Map([
      ['12', customerStatement],
      ['13', statementWithoutEmail],
    ]),
    statementPeriods: [],
    markSentAvailable: true,
  };
  const verify = createInternalTokenVerifier(secret);
  const app = new Koa();
  app.use(async (ctx, next) => {
    const claims = await verify(ctx.get(INTERNAL_TOKEN_HEADER) || undefined);
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
  const answer = (ctx: Koa.Context, schema: z.ZodType, body: unknown, what: string) => {
    if (body === undefined) {
      ctx.status = 404;
      ctx.body = { message: `${what} not found` };
      return;
    }
    const checked = schema.safeParse(body);
    if (!checked.success) throw new Error(`The fixture ${what.toLowerCase()} ${ctx.params.id} breaks inventory's contract: ${checked.error.message}`);
    ctx.body = body;
  };
  router.get('/api/pull-tickets/:id', (ctx) => answer(ctx, PullTicketSchema, peer.tickets.get(ctx.params.id!), 'Pull ticket'));
  router.get('/api/sales-orders/:id', (ctx) => answer(ctx, SalesOrderSchema, peer.salesOrders.get(ctx.params.id!), 'Sales order'));
  router.get('/api/purchase-orders/:id', (ctx) => answer(ctx, PurchaseOrderSchema, peer.purchaseOrders.get(ctx.params.id!), 'Purchase order'));
  router.get('/api/internal/customers/:id/statement', (ctx) => {
    // Asked as inventory's own route reads it: a period it would refuse fails the test here.
    const period = StatementPeriodSchema.parse(ctx.query);
    peer.statementPeriods.push(period);
    const statement = peer.statements.get(ctx.params.id!);
    answer(ctx, CustomerStatementSchema, statement && { ...statement, ...period }, 'Customer');
  });
  router.post('/api/internal/pull-tickets/:id/mark-sent', (ctx) => {
    if (!peer.markSentAvailable || !peer.tickets.has(ctx.params.id!)) return;
    peer.markedSent.push(ctx.params.id!);
    ctx.body = { ...peer.tickets.get(ctx.params.id!)!, status: 'sent' } satisfies PullTicket;
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

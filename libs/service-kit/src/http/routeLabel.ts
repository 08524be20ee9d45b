import type { Context } from 'koa';

/**
 * The route a request is counted and traced under: the router's pattern (`/api/sales-orders/:id`),
 * else what a middleware that serves it without a router set in `ctx.state.route` (the gateway
 * names forwarded calls by the route contract they reach), else 'unmatched'. Never the raw path:
 * ids in it would make a label per record.
 */
export function routeLabel(ctx: Context): string {
  if (typeof ctx._matchedRoute === 'string') return ctx._matchedRoute;
  const named = (ctx.state as { route?: unknown }).route;
  return typeof named === 'string' ? named : 'unmatched';
}

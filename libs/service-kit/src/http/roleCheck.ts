import type { Context, Middleware } from 'koa';
import type Router from '@koa/router';
import { leastRole, roleAllows, roleRefusal, routeKey, type HttpMethod, type MemberRole, type RouteContract } from '@printpool/contracts';
import { forbidden } from './errors.js';

/** The role a request is made with; null when no member's role applies (a service's call, a signed-out browser). */
export type RoleOfRequest = (ctx: Context) => MemberRole | null;

/**
 * Refuses with 403 a member whose role is below the least role the route's contract names
 * (docs/product.md §6; `leastRole`). Routes of other callers (an operator's, anyone's) are not a
 * member's and pass; a route without a contract is held to the default for its method.
 */
export function roleCheck(routes: readonly RouteContract[], roleOf: RoleOfRequest): Middleware {
  const byKey = new Map(routes.map((route) => [routeKey(route), route]));
  return async (ctx, next) => {
    const method = (ctx.method === 'HEAD' ? 'get' : ctx.method.toLowerCase()) as HttpMethod;
    const route = typeof ctx._matchedRoute === 'string' ? byKey.get(routeKey({ method, path: ctx._matchedRoute })) : undefined;
    const least = route ? (route.caller === 'browser' ? leastRole(route) : null) : leastRole({ method });
    const role = least ? roleOf(ctx) : null;
    if (least && role && !roleAllows(role, least)) throw forbidden(roleRefusal(least));
    await next();
  };
}

/**
 * Puts `guard` first in every route of `router`, after the router has chosen the route: it
 * runs exactly when one matched, by the same matcher, and knows which (a guard of its own,
 * matched on the path, could disagree with the router about case, slashes or encoding).
 */
export function guardEveryRoute<S>(router: Router<S>, guard: Middleware): void {
  for (const layer of router.stack) if (layer.methods.length > 0) layer.stack.unshift(guard as (typeof layer.stack)[number]);
}

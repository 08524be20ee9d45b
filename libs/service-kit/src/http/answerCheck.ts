import type { Middleware } from 'koa';
import { routeKey, type RouteContract } from '@printpool/contracts';
import { HttpError } from './errors.js';

/**
 * Holds every JSON answer to the schema its route contract gives for its status: an answer
 * that drifted from what callers were promised becomes a 500 naming the route and the field,
 * so every test that calls a route checks its answer too. On where tests run (createServiceApp).
 */
export function answerCheck(routes: readonly RouteContract[]): Middleware {
  const byKey = new Map(routes.map((route) => [routeKey(route), route]));
  return async (ctx, next) => {
    await next();
    const matched = typeof ctx._matchedRoute === 'string' ? ctx._matchedRoute : undefined;
    const route = matched ? byKey.get(routeKey({ method: ctx.method.toLowerCase() as RouteContract['method'], path: matched })) : undefined;
    const schema = route?.responses[ctx.status]?.body;
    const body: unknown = ctx.body;
    if (!route || !schema || body === null || typeof body !== 'object' || Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function')
      return;
    const checked = schema.safeParse(body);
    if (checked.success) return;
    const [issue] = checked.error.issues;
    throw new HttpError(
      500,
      `The answer of ${routeKey(route)} (${ctx.status}) does not match its contract at '${issue?.path.join('.') ?? ''}': ${issue?.message ?? 'invalid'}`,
      'ANSWER_BREAKS_CONTRACT',
    );
  };
}

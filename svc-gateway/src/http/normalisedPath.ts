import type { Middleware } from 'koa';
import { badRequest } from '@printpool/service-kit';
import { pathProblem } from '../domain/requestPath.js';

/** Refuses, before any session, routing or forwarding, a path that could be read as another path (domain/requestPath.ts). */
export function normalisedPath(): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/')) throw badRequest('The request path must start with /');
    const problem = pathProblem(ctx.path);
    if (problem) throw badRequest(`The request path has ${problem}`, { field: 'path' });
    await next();
  };
}

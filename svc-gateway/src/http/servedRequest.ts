import type { Middleware } from 'koa';
import { badRequest } from '@printpool/service-kit';
import { isServedHost, requestTargetProblem } from '../domain/requestTarget.js';

/**
 * Refuses, before any session, routing or forwarding, a request addressed to anything but this
 * gateway: a request line that names a host (domain/requestTarget.ts), or a Host the deployment
 * does not serve. `servedHosts` are PUBLIC_ORIGIN's host name and ALLOWED_HOSTS.
 */
export function servedRequest(servedHosts: readonly string[]): Middleware {
  return async (ctx, next) => {
    const problem = requestTargetProblem(ctx.req.url ?? '');
    if (problem) throw badRequest(`The request target has ${problem}: only paths on this host are served`, { field: 'target' });
    // ctx.host is X-Forwarded-Host behind a trusted proxy, else Host: the name links are built from (ownOrigin.ts).
    if (!isServedHost(ctx.host, servedHosts)) throw badRequest('The Host header names a host this gateway does not serve', { field: 'host' });
    await next();
  };
}

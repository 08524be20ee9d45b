import type { Middleware } from 'koa';
import { createInternalTokenIssuer, unauthorized, withClientSpan, type Logger } from '@printpool/service-kit';
import { resolveRoute, type RouteEntry, type ServiceName } from '../domain/routeTable.js';
import { currentSession } from '../http/session.js';
import { requestHeadersForService } from './headers.js';
import { forwardRequest } from './forward.js';
import { forwardedRouteName } from './routeNames.js';
import type { ResolvedTarget } from './targets.js';

export interface ProxyOptions {
  routes: readonly RouteEntry[];
  targets: Partial<Record<ServiceName, ResolvedTarget>>;
  internalTokenSecret: string;
  /** How long a service may stay silent on a forwarded call (config.ts). */
  upstreamTimeoutMs: number;
  /** How long a reading call waits before its one retry when the service could not be reached (config.ts). */
  upstreamRetryWaitMs: number;
  /** Where each failed forward is told, with its peer and cause. */
  logger: Logger;
}

/** Forwards `/api/*` paths of the route table to their service, for a signed-in user unless the entry is public. */
export function proxy(options: ProxyOptions): Middleware {
  const internalTokenFor = createInternalTokenIssuer(options.internalTokenSecret);
  return async (ctx, next) => {
    const entry = ctx.path.startsWith('/api/') ? resolveRoute(options.routes, ctx.path) : null;
    if (!entry) return next();
    let internalToken: string | undefined;
    if (!entry.public) {
      const session = currentSession(ctx);
      if (!session) throw unauthorized();
      internalToken = await internalTokenFor(session);
    }
    // Counted and traced by the route the service serves; the table's pattern for a path it has no route for.
    ctx.state.route = forwardedRouteName(ctx.method, ctx.path) ?? entry.path;
    await withClientSpan(
      `${ctx.method} ${entry.service}`,
      { 'http.request.method': ctx.method, 'http.route': ctx.state.route, 'printpool.peer': entry.service },
      (trace) => {
        const headers = requestHeadersForService(ctx.req.headers, {
          clientIp: ctx.ip,
          protocol: ctx.protocol,
          host: ctx.host,
          requestId: String(ctx.state.requestId),
          trace,
          internalToken,
        });
        return forwardRequest(ctx, options.targets[entry.service], headers, {
          service: entry.service,
          silentMs: options.upstreamTimeoutMs,
          retryWaitMs: options.upstreamRetryWaitMs,
          logger: options.logger,
        });
      },
    );
  };
}

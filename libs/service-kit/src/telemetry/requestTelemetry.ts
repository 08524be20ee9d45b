import { randomUUID } from 'node:crypto';
import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Middleware } from 'koa';
import { routeLabel } from '../http/routeLabel.js';
import { identifyLogScope, runInLogScope } from './logScope.js';
import { contextFromHeaders, REQUEST_ID_HEADER, requestIdFromHeaders } from './propagation.js';
import { tracer } from './tracing.js';

/** Probes and scrapes come every few seconds and tell nothing about the product: no spans. */
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

export interface RequestTelemetryOptions {
  service: string;
  /**
   * Whether a `traceparent` the caller sent is continued. Services trust their callers (only the
   * gateway and other services reach them); the gateway, which the internet reaches, starts every
   * trace itself, so no outsider can join its traces or force them to be kept.
   */
  continueCallerTrace: boolean;
}

/**
 * The first middleware of every service: the request id (the caller's `x-request-id` when
 * well-formed, else a new one, answered back in the same header), a log scope carrying it, and
 * a server span named by the route, in which everything the request does runs.
 */
export function requestTelemetry({ service, continueCallerTrace }: RequestTelemetryOptions): Middleware<{ requestId: string }> {
  return (ctx, next) => {
    const requestId = requestIdFromHeaders(ctx.headers) ?? randomUUID();
    ctx.state.requestId = requestId;
    ctx.set(REQUEST_ID_HEADER, requestId);
    if (UNTRACED.has(ctx.path)) return runInLogScope({ requestId }, next);
    const parent = continueCallerTrace ? contextFromHeaders(ctx.headers) : ROOT_CONTEXT;
    const span = tracer().startSpan(
      ctx.method,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': ctx.method, 'url.path': ctx.path, 'printpool.service': service, 'printpool.request_id': requestId },
      },
      parent,
    );
    return runInLogScope({ requestId }, () =>
      context.with(trace.setSpan(parent, span), async () => {
        try {
          await next();
        } finally {
          const route = routeLabel(ctx);
          span.updateName(`${ctx.method} ${route}`);
          span.setAttributes({ 'http.route': route, 'http.response.status_code': ctx.status });
          if (ctx.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        }
      }),
    );
  };
}

/** Names the tenant and user a request is for, once authenticated, on its log lines and its span. */
export function identifyCaller(tenantId: string, userId: string | undefined): void {
  identifyLogScope(tenantId, userId);
  trace.getActiveSpan()?.setAttributes({ 'printpool.tenant_id': tenantId, ...(userId ? { 'printpool.user_id': userId } : {}) });
}

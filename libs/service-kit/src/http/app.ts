import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Logger } from '../logger.js';
import { createLogger } from '../logger.js';
import { INTERNAL_TOKEN_HEADER, type CallerIdentity } from '../auth/internalToken.js';
import { drainAfterEarlyAnswer } from './unreadBody.js';
import { createInternalTokenVerifier } from '../auth/internalTokenVerifier.js';
import { forbidden, HttpError, unauthorized } from './errors.js';
import { eventMetrics } from '../events/deadLetter.js';
import { processMetrics } from '../telemetry/processMetrics.js';
import { databaseErrorAnswer } from './databaseErrors.js';
import { inputGuard } from './inputGuard.js';
import { compressLargeAnswers } from './compression.js';
import { routeContractsMatch } from './routeContracts.js';
import { answerCheck } from './answerCheck.js';
import { identifyCaller, requestTelemetry } from '../telemetry/requestTelemetry.js';
import { routeLabel } from './routeLabel.js';
import { guardEveryRoute, roleCheck } from './roleCheck.js';
import { metricsAccess } from './metricsAccess.js';
import { PROCESS_SETTINGS } from '../config/processSettings.js';
import { buildServiceOpenApiDocument, type ErrorBody, type ErrorCode, type RouteContract } from '@printpool/contracts';

export interface ServiceState {
  requestId: string;
  /** Set on every route behind internal authentication. */
  caller: CallerIdentity;
  /** The PrintPool service that made the call; null when the gateway forwarded it for a browser. */
  callingService: string | null;
  [key: string]: unknown;
}

export type ServiceApp = Koa<ServiceState>;
export type ServiceRouter = Router<ServiceState>;

export interface ServiceAppOptions {
  name: string;
  logger?: Logger;
  /** Routes that require the gateway's signed internal token (the caller lands in ctx.state.caller). */
  routers?: ServiceRouter[];
  /**
   * Routes only another PrintPool service may call (marking a ticket sent, recording a write-back
   * result, sending a shipment notice), by convention under `/api/internal/`. A token the gateway
   * signed for a browser is refused on them with 403 even if a request reaches them, so no path
   * trick at the gateway can open them.
   */
  internalRouters?: ServiceRouter[];
  /** Routes reachable without the internal token: webhooks, OAuth callbacks, the gateway's own session routes. */
  publicRouters?: ServiceRouter[];
  /** Verifies `x-printpool-internal` on every `routers` route when set. */
  internalTokenSecret?: string;
  /** Other secrets whose tokens are accepted too (ServiceContext.acceptedInternalTokenSecrets). */
  acceptedInternalTokenSecrets?: readonly string[];
  /** Who may read /metrics (default: the bearer of METRICS_TOKEN when it is set, else anyone who reaches the service, which only the cluster does); refused ones get 404. */
  metricsAccess?: (ctx: Koa.Context) => boolean;
  /** Whether a caller's `traceparent` is continued (default true; the gateway, facing the internet, starts its own traces). */
  continueCallerTrace?: boolean;
  /** Throws when the service cannot serve (database or broker down); /readyz answers 503 then. */
  readiness?: () => Promise<void>;
  jsonLimit?: string;
  /**
   * Every route the routers above serve, with its schemas (libs/contracts). The app refuses to
   * start when a route has no contract or a contract no route, and serves the OpenAPI document
   * generated from them at `/openapi.json`.
   */
  routes?: readonly RouteContract[];
  /** Answers checked against `routes` (answerCheck.ts); by default where Jest runs (NODE_ENV=test) and where CHECK_ANSWERS=true (the browser tests' product). */
  checkAnswers?: boolean;
}

export function createRouter(prefix?: string): ServiceRouter {
  return new Router<ServiceState>(prefix ? { prefix } : {});
}

/**
 * The Koa app every PrintPool service starts from: request ids, structured logs, one error
 * middleware answering `{ message, code, details? }`, JSON bodies, health, readiness and
 * Prometheus metrics. It never listens; launchers and tests decide how it is served.
 */
export function createServiceApp(options: ServiceAppOptions): ServiceApp {
  const logger = options.logger ?? createLogger(options.name);
  const app = new Koa<ServiceState>();
  app.proxy = true;
  const registry = new Registry();
  registry.setDefaultLabels({ service: options.name });
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  app.use(requestTelemetry({ service: options.name, continueCallerTrace: options.continueCallerTrace ?? true }));
  app.use(async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
      // Nothing answered: keep the JSON error shape for unknown routes too.
      if (ctx.status === 404 && ctx.body == null) {
        ctx.status = 404;
        ctx.body = { message: `No route for ${ctx.method} ${ctx.path}`, code: 'NOT_FOUND' } satisfies ErrorBody;
      }
    } catch (error) {
      writeError(ctx, error, logger);
    } finally {
      drainAfterEarlyAnswer(ctx);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      duration.observe({ method: ctx.method, route: routeLabel(ctx), status: String(ctx.status) }, seconds);
      if (ctx.path !== '/healthz' && ctx.path !== '/metrics') {
        logger.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(seconds * 1000) }, 'request');
      }
    }
  });

  app.use(compressLargeAnswers());
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: options.jsonLimit ?? '1mb', encoding: 'utf-8' }));
  app.use(inputGuard());

  const mayReadMetrics = options.metricsAccess ?? metricsAccess(PROCESS_SETTINGS.optional(process.env, 'METRICS_TOKEN'));
  const ops = createRouter();
  ops.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok', service: options.name };
  });
  ops.get('/readyz', async (ctx) => {
    try {
      await options.readiness?.();
      ctx.body = { status: 'ready', service: options.name };
    } catch (error) {
      logger.warn({ err: error }, 'not ready');
      ctx.status = 503;
      ctx.body = { status: 'not ready', service: options.name, message: 'Service Unavailable', code: 'NOT_READY' };
    }
  });
  ops.get('/metrics', async (ctx) => {
    if (!mayReadMetrics(ctx)) throw new HttpError(404, 'No route for GET /metrics', 'NOT_FOUND');
    ctx.type = registry.contentType;
    ctx.body = `${await registry.metrics()}\n${await eventMetrics.metrics()}\n${await processMetrics.metrics()}`;
  });
  if (options.routes) {
    if (options.checkAnswers ?? (process.env.NODE_ENV === 'test' || process.env.CHECK_ANSWERS === 'true')) app.use(answerCheck(options.routes));
    routeContractsMatch(options.routes, { browser: options.routers ?? [], service: options.internalRouters ?? [], public: options.publicRouters ?? [] });
    let document: unknown;
    ops.get('/openapi.json', (ctx) => {
      ctx.body = document ??= buildServiceOpenApiDocument(options.name, options.routes!);
    });
  }
  mountRouters(app, [ops, ...(options.publicRouters ?? [])]);

  if (options.internalTokenSecret) {
    const verify = createInternalTokenVerifier(options.internalTokenSecret, { acceptedSecrets: options.acceptedInternalTokenSecrets });
    app.use(async (ctx, next) => {
      const claims = await verify(ctx.get(INTERNAL_TOKEN_HEADER) || undefined);
      if (!claims) throw unauthorized();
      ctx.state.caller = claims.caller;
      ctx.state.callingService = claims.service;
      identifyCaller(claims.caller.tenantId, claims.caller.userId);
      await next();
    });
  }
  mountInternalRouters(app, options.internalRouters ?? []);
  // A browser's call is held to its route's least role; one without a role is a viewer's. Without
  // internal tokens (tests of routing alone) there is no caller to hold to one.
  mountRouters(
    app,
    options.routers ?? [],
    options.internalTokenSecret ? roleCheck(options.routes ?? [], (ctx) => (ctx.state.callingService ? null : (ctx.state.caller.role ?? 'viewer'))) : undefined,
  );

  return app;
}

/**
 * Serves `routers` through one router holding all their routes, each first through `guard` when given. Each router middleware reads
 * the host, matches the path against every route it holds and emits its not-found event, so
 * ten routers mounted one by one did that ten times for every request (bench/api/RESULTS.md).
 * Routes are tried in the same order, and 405/501 answers come from the same matched routes.
 */
export function mountRouters<S>(app: Koa<S>, routers: readonly Router<S>[], guard?: Koa.Middleware): void {
  if (routers.length === 0) return;
  const all = new Router<S>();
  for (const router of routers) all.use(router.routes());
  if (guard) guardEveryRoute(all, guard);
  app.use(all.routes()).use(all.allowedMethods());
}

/**
 * The guard is a middleware of the router that holds the internal routes, so it runs exactly
 * when one of them matched, by the same matcher that chose the route: a guard matched on its own
 * (a path prefix) can disagree with the router about case, slashes or encoding.
 */
function mountInternalRouters(app: ServiceApp, routers: readonly ServiceRouter[]): void {
  if (routers.length === 0) return;
  const internal = createRouter();
  internal.use(async (ctx, next) => {
    if (!ctx.state.callingService) throw forbidden('Only PrintPool services may call this route');
    await next();
  });
  for (const router of routers) internal.use(router.routes());
  app.use(internal.routes());
}

/** Every error answer is the contract's error body (libs/contracts common.ts), as the browser reads it (errorBody.ts). */
function writeError(ctx: Koa.Context, error: unknown, logger: Logger): void {
  const fromDatabase = databaseErrorAnswer(error);
  if (fromDatabase) {
    logger.warn({ err: error }, 'request data refused by the database');
    error = fromDatabase;
  }
  if (error instanceof HttpError) {
    ctx.status = error.status;
    ctx.body = { message: error.message, code: error.code, ...(error.details === undefined ? {} : { details: error.details }) } satisfies ErrorBody;
    return;
  }
  // Errors thrown by Koa's own helpers and body parsing (ctx.throw, invalid JSON, too large).
  const status = (error as { status?: number; expose?: boolean }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    ctx.status = status;
    ctx.body = { message: (error as Error).message, code: codeForStatus(status) } satisfies ErrorBody;
    return;
  }
  logger.error({ err: error }, 'unhandled error');
  ctx.status = 500;
  ctx.body = { message: 'Internal server error', code: 'INTERNAL' } satisfies ErrorBody;
}

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    default:
      return 'CLIENT_ERROR';
  }
}

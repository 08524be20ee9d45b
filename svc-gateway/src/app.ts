import {
  createLogger,
  createServiceApp,
  mountRouters,
  notFound,
  roleCheck,
  startOutboxRelay,
  type Database,
  type EventBus,
  type Logger,
  type ServiceApp,
} from '@printpool/service-kit';
import { GATEWAY_ROUTES } from '@printpool/contracts';
import { DEFAULT_UPSTREAM_TIMEOUT_MS, DEFAULT_UPSTREAM_RETRY_WAIT_MS, type GatewayConfig } from './config.js';
import { createOidcFlow, type OidcFlow } from './auth/oidc.js';
import { followMemberChanges } from './auth/memberChanges.js';
import { cachedSessionStore } from './auth/sessionCache.js';
import { createSessionStore } from './auth/sessionStore.js';
import { DEFAULT_ROUTE_TABLE, resolveRoute, type RouteEntry } from './domain/routeTable.js';
import { originCheck } from './http/originCheck.js';
import { rateLimit } from './http/rateLimit.js';
import { securityHeaders } from './http/securityHeaders.js';
import { metricsAccess } from './http/metricsAccess.js';
import { normalisedPath } from './http/normalisedPath.js';
import { servedRequest } from './http/servedRequest.js';
import { secureCookies } from './http/secureCookies.js';
import { currentSession, loadSession } from './http/session.js';
import { followAlertDigests } from './team/alertDigests.js';
import { followCompanyName } from './events/companyName.js';
import { followEvents } from './live/followEvents.js';
import { createLiveHub } from './live/liveHub.js';
import { sessionStreams } from './live/sessionStreams.js';
import { proxy } from './proxy/middleware.js';
import { closeTargets, resolveTargets, type ServiceTargets } from './proxy/targets.js';
import { authRoutes } from './routes/auth.js';
import { contactRoutes } from './routes/contact.js';
import { liveRoutes } from './routes/live.js';
import { metaRoutes } from './routes/meta.js';
import { settingsRoutes } from './routes/settings.js';
import { teamRoutes } from './routes/team.js';
import { invitationMailer } from './team/invitationMailer.js';
import { DEFAULT_REMOTES, remoteOrigins } from './web/remotes.js';
import { serveWeb } from './static/serveWeb.js';

export interface GatewayServiceOptions {
  /** The gateway's database (schema `gateway`), already migrated: the outbox relay starts at once. */
  db: Database;
  bus: EventBus;
  config: GatewayConfig;
  /** Each service as a base URL or an in-process request listener; defaults to config.serviceUrls. */
  services?: ServiceTargets;
  /** Which service serves which `/api/*` path; defaults to docs/architecture.md §2. */
  routes?: readonly RouteEntry[];
  logger?: Logger;
  /** Replaces the OpenID Connect client built from config.oidc. */
  oidc?: OidcFlow;
}

/** The host names this gateway answers to besides loopback and IP literals (domain/requestTarget.ts). */
function servedHosts(config: GatewayConfig): string[] {
  return [...(config.publicOrigin ? [new URL(config.publicOrigin).hostname] : []), ...config.allowedHosts];
}

export interface GatewayService {
  app: ServiceApp;
  /** Ends every open live-update stream and refuses new ones; browsers' EventSource reconnects, to another replica when this one drains. */
  endLiveStreams(): void;
  /** Stops the outbox relay and the live updates (ending every open stream) and releases the keep-alive connections to the services. */
  close(): Promise<void>;
}

/** The gateway's Koa app: sessions and sign-in, its own API, routing to services, the front-ends. It never listens. */
export function createGatewayService(options: GatewayServiceOptions): GatewayService {
  const { db, bus, config } = options;
  const logger = options.logger ?? createLogger('gateway');
  const routes = options.routes ?? DEFAULT_ROUTE_TABLE;
  const targets = resolveTargets(options.services ?? config.serviceUrls);
  const remotes = config.web?.remotes ?? DEFAULT_REMOTES;
  const sessions = cachedSessionStore(createSessionStore(db.knex, config.sessionTtlMs), { ttlMs: config.sessionCacheMs });
  // Kept sessions hold only while every change to members and sessions is heard, from any replica.
  const liveSessions = sessionStreams(sessions);
  const memberChanges = followMemberChanges({ url: db.url, schema: db.schema, logger, sessions, onChange: (tenantId) => liveSessions.recheck(tenantId) });
  const oidc = options.oidc ?? (config.oidc ? createOidcFlow(config.oidc) : undefined);
  const signInLimit = rateLimit(db.knex, 'sign-in', config.rateLimits.signIn);
  const isForwarded = (path: string) => path.startsWith('/api/') && resolveRoute(routes, path) !== null;

  const outbox = startOutboxRelay({ db, bus, logger });
  const live = createLiveHub();
  const following = followEvents(bus, config.liveConsumer, live).catch((err: unknown) => {
    // Pages still work without live updates; they refresh on the user's own actions.
    logger.error({ err }, 'live updates unavailable: could not subscribe to events');
    return undefined;
  });
  const companyName = followCompanyName(db, bus).catch((err: unknown) => {
    // The company keeps the name it has; every page still works.
    logger.error({ err }, 'company names from QuickBooks unavailable: could not subscribe to events');
    return undefined;
  });
  const alertDigests = followAlertDigests(db, bus, {
    documentsUrl: config.serviceUrls.documents,
    internalTokenSecret: config.internalTokenSecret,
    publicOrigin: config.publicOrigin,
    logger,
  }).catch((err: unknown) => {
    // The alerts stay on the dashboard; only their e-mail waits.
    logger.error({ err }, 'stock alert digests unavailable: could not subscribe to events');
    return undefined;
  });

  const app = createServiceApp({
    name: 'gateway',
    logger,
    readiness: () => db.ping(),
    metricsAccess: metricsAccess(config.metricsToken),
    continueCallerTrace: false,
  });
  // Behind a load balancer the client's address and https come from X-Forwarded-*; exposed directly, they would be forged.
  app.proxy = config.trustProxy;
  // Forwarded requests keep their body unread so it streams to the service unchanged.
  Object.defineProperty(app.context, 'disableBodyParser', {
    get(this: { path: string }) {
      return isForwarded(this.path);
    },
  });

  // Errors Koa meets after the answer started (a browser that hung up mid-download) go to our log, not stderr.
  app.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE' || error.code === 'ECONNRESET') return;
    logger.warn({ err: error }, 'response stream failed');
  });

  app.use(securityHeaders(remoteOrigins(remotes)));
  app.use(servedRequest(servedHosts(config)));
  app.use(normalisedPath());
  app.use(secureCookies(config.publicOrigin));
  app.use(
    originCheck({
      allowedOrigins: [...(config.publicOrigin ? [config.publicOrigin] : []), ...config.allowedOrigins],
      exempt: (path) => resolveRoute(routes, path)?.public === true,
    }),
  );
  app.use(loadSession(sessions));

  const routers = [
    authRoutes({ knex: db.knex, sessions, devLogin: config.devLogin, oidc, oidcRedirectUri: config.oidc?.redirectUri, signInLimit, logger }),
    settingsRoutes({ knex: db.knex, outbox }),
    contactRoutes({ knex: db.knex, contactLimit: rateLimit(db.knex, 'contact', config.rateLimits.contact) }),
    metaRoutes({ remotes, publicOrigin: config.publicOrigin }),
    liveRoutes({ hub: live, bus, sessions: liveSessions, following }),
    teamRoutes({
      knex: db.knex,
      memberChanges,
      mailer: invitationMailer({ documentsUrl: config.serviceUrls.documents, internalTokenSecret: config.internalTokenSecret }),
      publicOrigin: config.publicOrigin,
    }),
  ];
  // The gateway's own routes hold a member to the least role of their contract, as services do (createServiceApp).
  mountRouters(
    app,
    routers,
    roleCheck(GATEWAY_ROUTES, (ctx) => currentSession(ctx)?.role ?? null),
  );

  app.use(
    proxy({
      routes,
      targets,
      internalTokenSecret: config.internalTokenSecret,
      upstreamTimeoutMs: config.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
      upstreamRetryWaitMs: config.upstreamRetryWaitMs ?? DEFAULT_UPSTREAM_RETRY_WAIT_MS,
      logger,
    }),
  );
  if (config.web) app.use(serveWeb(config.web));
  app.use(() => {
    throw notFound('Route');
  });

  return {
    app,
    endLiveStreams: () => live.close(),
    async close() {
      await (await following)?.stop();
      await (await companyName)?.stop();
      await (await alertDigests)?.stop();
      live.close();
      await outbox.stop();
      await memberChanges.stop();
      closeTargets(targets);
    },
  };
}

import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import { AdminControl } from './admin/control.js';
import { registerAdminRoutes } from './admin/routes.js';
import { keepApiBodyError } from './api/body.js';
import { FaultInjector } from './api/fault-injection.js';
import { RealmLimiter } from './api/limits.js';
import { registerApiRoutes } from './api/routes.js';
import { Clock } from './clock.js';
import { DEFAULT_LIMITS, demoCompanies, type QboSandboxOptions } from './config.js';
import { intuitTid } from './http/tid.js';
import { OAUTH_PATHS, registerOAuthRoutes } from './oauth/routes.js';
import { TokenStore } from './oauth/token-store.js';
import { companyFrom } from './seed/company.js';
import { SandboxPersistence } from './store/persistence.js';
import { SandboxStore } from './store/store.js';
import { WebhookApps } from './webhooks/apps.js';

export interface QboSandbox {
  /** The Koa app; it never listens. Mount `app.callback()` or listen on it yourself. */
  app: Koa;
  store: SandboxStore;
  admin: AdminControl;
  clock: Clock;
  /** Endpoints to hand to `OAuthClient.setAuthorizeURLs()` and the v3 base URL. */
  urls: {
    authorizeEndpoint: string;
    tokenEndpoint: string;
    revokeEndpoint: string;
    userInfoEndpoint: string;
    /** The id_token signing keys (`OAuthClient.jwks_uri`). */
    jwksUri: string;
    /** Prefix for `/v3/company/{realmId}/…`. */
    apiBase: string;
  };
  close(): Promise<void>;
}

/**
 * A stand-in for Intuit: OAuth 2 consent and tokens, the Accounting API v3, CDC, webhooks,
 * throttling and faults on demand, over seeded print-broker companies held in memory (and kept
 * under `dataDir` across restarts when one is given).
 * Every route sits under the path of `baseUrl`, so a host server can forward its
 * `/qbo-sandbox/*` requests here unchanged.
 */
export function createQboSandbox(options: QboSandboxOptions): QboSandbox {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const prefix = new URL(baseUrl).pathname.replace(/\/+$/, '');
  const logger = options.logger;
  const clock = new Clock();
  const store = new SandboxStore(clock);
  const tokens = new TokenStore(clock, options.accessTokenTtlS);
  const limiter = new RealmLimiter(clock, { ...DEFAULT_LIMITS, ...options.limits });
  const injector = new FaultInjector();
  const companies = (options.companies ?? demoCompanies(options.seed ?? 1, options.scale ?? 1)).map((spec) => ({ asOf: options.companiesAsOf, ...spec }));
  const persistence = options.dataDir ? new SandboxPersistence(options.dataDir, { store, tokens, clock, logger }) : undefined;
  // A sandbox with saved state starts as it stopped; seeding is for a first start (or a reset).
  if (!persistence?.load()) for (const spec of companies) store.addCompany(companyFrom(spec, clock.now()));
  persistence?.watch();

  const webhooks = new WebhookApps(options.clients, options.webhook, logger);
  const unsubscribe = webhooks.configured ? store.onChange((event) => webhooks.enqueue(event)) : undefined;
  const admin = new AdminControl({ clock, store, tokens, injector, limiter, clients: options.clients, companies, webhooks });
  if (!options.adminToken) logger.warn('qbo-sandbox admin API has no token: anyone who can reach it can change data');

  const router = new Router(prefix ? { prefix } : {});
  registerOAuthRoutes(router, { baseUrl, clients: options.clients, store, tokens, clock });
  registerApiRoutes(router, { clock, store, tokens, limiter, injector, logger });
  registerAdminRoutes(router, admin, options.adminToken);
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok', service: 'qbo-sandbox' };
  });

  const app = new Koa();
  app.use(intuitTid);
  app.use(
    bodyParser({
      enableTypes: ['json', 'form', 'text'],
      // QBO clients post queries as `application/text`.
      extendTypes: { text: ['application/text'] },
      jsonLimit: '10mb',
      encoding: 'utf-8',
      onError: keepApiBodyError(`${prefix}/v3/`),
    }),
  );
  app.use(router.routes());
  app.use(router.allowedMethods());

  return {
    app,
    store,
    admin,
    clock,
    urls: {
      authorizeEndpoint: `${baseUrl}${OAUTH_PATHS.authorize}`,
      tokenEndpoint: `${baseUrl}${OAUTH_PATHS.token}`,
      revokeEndpoint: `${baseUrl}${OAUTH_PATHS.revoke}`,
      userInfoEndpoint: `${baseUrl}${OAUTH_PATHS.userInfo}`,
      jwksUri: `${baseUrl}${OAUTH_PATHS.jwks}`,
      apiBase: `${baseUrl}/v3/company`,
    },
    async close() {
      unsubscribe?.();
      persistence?.close();
      await webhooks.close();
    },
  };
}

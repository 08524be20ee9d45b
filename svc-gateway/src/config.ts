import { envBoolean, envList, envNumber, envOptional, envString } from '@printpool/service-kit';
import { webConfigFromRoot, type WebConfig } from './web/webConfig.js';

export { webConfigFromRoot, type WebConfig };

export interface RateLimitConfig {
  max: number;
  windowMs: number;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  scope: string;
  /** Only for a local issuer over plain http (the QBO sandbox acting as one). */
  allowInsecureRequests: boolean;
}

export interface GatewayConfig {
  port: number;
  databaseUrl?: string;
  dataDir?: string;
  natsUrl?: string;
  /** Signs the short-lived tokens the gateway sends to services. */
  internalTokenSecret: string;
  /** E-mail sign-in without a password: only in the all-in-one mode or with AUTH_DEV_LOGIN=true. */
  devLogin: boolean;
  oidc?: OidcConfig;
  /** The address browsers use (https://printpool.example); also an allowed Origin. */
  publicOrigin?: string;
  /** Further origins allowed to make state-changing calls. */
  allowedOrigins: string[];
  /**
   * Host names the gateway answers to besides PUBLIC_ORIGIN's, loopback names and IP literals
   * (ALLOWED_HOSTS, comma-separated): any other Host is refused (http/servedRequest.ts).
   */
  allowedHosts: string[];
  /** Trust X-Forwarded-* (client IP, https) only behind a proxy that sets them. */
  trustProxy: boolean;
  sessionTtlMs: number;
  /**
   * How long a resolved session is trusted before the database is asked again (SESSION_CACHE_MS,
   * default 5 s; 0 asks on every request). A sign-out on another gateway replica takes effect
   * here within this time.
   */
  sessionCacheMs: number;
  /**
   * Consumer name of the live updates (LIVE_CONSUMER, default 'gateway-live'). Each gateway
   * replica follows the events on a consumer of its own under this name (followEvents.ts), so
   * replicas share the name and every replica's browsers get every event.
   */
  liveConsumer: string;
  rateLimits: { signIn: RateLimitConfig; contact: RateLimitConfig };
  /**
   * The bearer token a scraper presents for the gateway's /metrics (METRICS_TOKEN). Unset, only
   * a caller on this host gets them: the gateway is the one process the internet reaches.
   */
  metricsToken?: string;
  /**
   * How long a service may stay silent, before its answer starts or between its bytes, before a
   * forwarded call fails with 504 (UPSTREAM_TIMEOUT_MS, default 60 s: a PDF or an export streams
   * well within it).
   */
  upstreamTimeoutMs?: number;
  /** Service base URLs for the distributed mode; the all-in-one launcher passes listeners instead. */
  serviceUrls: { inventory?: string; sync?: string; documents?: string };
  web?: WebConfig;
}

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 60_000;

export const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

export const DEFAULT_RATE_LIMITS = {
  signIn: { max: 10, windowMs: 60_000 },
  contact: { max: 5, windowMs: 10 * 60_000 },
} as const;

export interface LoadConfigOptions {
  /** The all-in-one launcher: dev sign-in on, and an internal secret it generated may be passed in. */
  allInOne?: boolean;
  internalTokenSecret?: string;
}

/** Reads the gateway's configuration from the environment. Secrets have no defaults. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env, options: LoadConfigOptions = {}): GatewayConfig {
  const webRoot = envOptional(env, 'WEB_ROOT');
  return {
    port: envNumber(env, 'PORT', 3000),
    databaseUrl: envOptional(env, 'DATABASE_URL'),
    dataDir: envOptional(env, 'DATA_DIR'),
    natsUrl: envOptional(env, 'NATS_URL'),
    internalTokenSecret: options.internalTokenSecret ?? envString(env, 'INTERNAL_TOKEN_SECRET'),
    devLogin: options.allInOne === true || envBoolean(env, 'AUTH_DEV_LOGIN', false),
    oidc: readOidc(env),
    publicOrigin: envOptional(env, 'PUBLIC_ORIGIN'),
    allowedOrigins: envList(env, 'ALLOWED_ORIGINS'),
    allowedHosts: envList(env, 'ALLOWED_HOSTS'),
    trustProxy: envBoolean(env, 'TRUST_PROXY', false),
    sessionTtlMs: THIRTY_DAYS_MS,
    sessionCacheMs: envNumber(env, 'SESSION_CACHE_MS', 5_000),
    liveConsumer: envString(env, 'LIVE_CONSUMER', 'gateway-live'),
    metricsToken: envOptional(env, 'METRICS_TOKEN'),
    upstreamTimeoutMs: envNumber(env, 'UPSTREAM_TIMEOUT_MS', DEFAULT_UPSTREAM_TIMEOUT_MS),
    rateLimits: {
      signIn: { ...DEFAULT_RATE_LIMITS.signIn, max: envNumber(env, 'SIGN_IN_RATE_LIMIT', DEFAULT_RATE_LIMITS.signIn.max) },
      contact: { ...DEFAULT_RATE_LIMITS.contact, max: envNumber(env, 'CONTACT_RATE_LIMIT', DEFAULT_RATE_LIMITS.contact.max) },
    },
    serviceUrls: {
      inventory: envOptional(env, 'INVENTORY_URL'),
      sync: envOptional(env, 'SYNC_URL'),
      documents: envOptional(env, 'DOCUMENTS_URL'),
    },
    web: webRoot ? webConfigFromRoot(webRoot, env) : undefined,
  };
}

function readOidc(env: NodeJS.ProcessEnv): OidcConfig | undefined {
  const issuer = envOptional(env, 'OIDC_ISSUER');
  const clientId = envOptional(env, 'OIDC_CLIENT_ID');
  const clientSecret = envOptional(env, 'OIDC_CLIENT_SECRET');
  const redirectUri = envOptional(env, 'OIDC_REDIRECT_URI');
  if (!issuer || !clientId || !clientSecret || !redirectUri) return undefined;
  return {
    issuer,
    clientId,
    clientSecret,
    redirectUri,
    scope: envOptional(env, 'OIDC_SCOPE') ?? 'openid email profile',
    allowInsecureRequests: envBoolean(env, 'OIDC_ALLOW_INSECURE', false),
  };
}

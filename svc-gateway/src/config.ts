import { defineSettings, PROCESS_SETTINGS } from '@printpool/service-kit';
import { WEB_SETTINGS, webConfigFromRoot, type WebConfig } from './web/webConfig.js';

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
  /** How long a reading call waits before its one retry when its service could not be reached (UPSTREAM_RETRY_WAIT_MS). */
  upstreamRetryWaitMs?: number;
  /** Service base URLs for the distributed mode; the all-in-one launcher passes listeners instead. */
  serviceUrls: { inventory?: string; sync?: string; documents?: string };
  web?: WebConfig;
}

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 60_000;
/** A peer restarting answers again within about a second; a replica behind a Service at once. */
export const DEFAULT_UPSTREAM_RETRY_WAIT_MS = 1_000;

export const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

export const DEFAULT_RATE_LIMITS = {
  signIn: { max: 10, windowMs: 60_000 },
  contact: { max: 5, windowMs: 10 * 60_000 },
} as const;

/** The gateway's own settings; those it shares with the services are service-kit's PROCESS_SETTINGS. */
export const GATEWAY_SETTINGS = defineSettings(
  { part: 'processes', usedBy: 'gateway' },
  {
    PUBLIC_ORIGIN: {
      usedBy: 'gateway, launchers',
      unset: 'the launchers: `http://127.0.0.1:$PORT`',
      description: 'the address browsers use (`https://printpool.example`); also an allowed Origin',
    },
    ALLOWED_HOSTS: {
      description:
        "further host names the gateway answers to, comma-separated: besides `PUBLIC_ORIGIN`'s, loopback names and IP literals, any other Host is refused with 400",
    },
    ALLOWED_ORIGINS: { rarelySet: true, description: 'further origins allowed to make state-changing calls, comma-separated' },
    TRUST_PROXY: { default: false, description: '`true` trusts X-Forwarded-* (client IP, https): only behind a proxy that sets them' },
    AUTH_DEV_LOGIN: { default: false, description: '`true` enables e-mail sign-in (always on in the all-in-one mode)' },
    SIGN_IN_RATE_LIMIT: {
      default: DEFAULT_RATE_LIMITS.signIn.max,
      description: "sign-ins per minute from one address, counted in the gateway's database across every replica",
    },
    CONTACT_RATE_LIMIT: {
      default: DEFAULT_RATE_LIMITS.contact.max,
      description: "contact messages per 10 minutes from one address, counted in the gateway's database across every replica",
    },
    OIDC_ISSUER: { unset: 'no OpenID Connect sign-in (so for any of the four)', description: 'OpenID Connect sign-in: the issuer URL' },
    OIDC_CLIENT_ID: { description: 'OpenID Connect sign-in: the client id' },
    OIDC_CLIENT_SECRET: { secret: true, description: 'OpenID Connect sign-in: the client secret' },
    OIDC_REDIRECT_URI: { description: 'OpenID Connect sign-in: the redirect URI registered with the issuer' },
    OIDC_SCOPE: { default: 'openid email profile', rarelySet: true, description: 'OpenID Connect sign-in: the scopes asked for' },
    OIDC_ALLOW_INSECURE: {
      default: false,
      rarelySet: true,
      description: '`true` allows a local issuer over plain http (the QBO sandbox acting as one)',
    },
    SESSION_CACHE_MS: {
      default: 5_000,
      rarelySet: true,
      description:
        'how long a resolved session is trusted before the database is asked again (0: on every request); a sign-out on another replica takes effect here within this time',
    },
    LIVE_CONSUMER: {
      default: 'gateway-live',
      rarelySet: true,
      description:
        "consumer name of the live updates: each replica follows the events on a consumer of its own under this name, so every replica's browsers get every event",
    },
    UPSTREAM_TIMEOUT_MS: {
      default: DEFAULT_UPSTREAM_TIMEOUT_MS,
      description: 'how long a service may stay silent, before its answer starts or between its bytes, on a forwarded call before the browser gets 504',
    },
    UPSTREAM_RETRY_WAIT_MS: {
      default: DEFAULT_UPSTREAM_RETRY_WAIT_MS,
      rarelySet: true,
      description:
        'a GET or HEAD whose service could not be reached (restarting, or a replica gone) is sent once more after this wait, to another replica behind a Service or the same one back up; other calls are never sent twice',
    },
  },
);

export interface LoadConfigOptions {
  /** The all-in-one launcher: dev sign-in on, and an internal secret it generated may be passed in. */
  allInOne?: boolean;
  internalTokenSecret?: string;
}

/** Reads the gateway's configuration from the environment. Secrets have no defaults. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env, options: LoadConfigOptions = {}): GatewayConfig {
  const webRoot = WEB_SETTINGS.optional(env, 'WEB_ROOT');
  return {
    databaseUrl: PROCESS_SETTINGS.optional(env, 'DATABASE_URL'),
    dataDir: PROCESS_SETTINGS.optional(env, 'DATA_DIR'),
    natsUrl: PROCESS_SETTINGS.optional(env, 'NATS_URL'),
    internalTokenSecret: options.internalTokenSecret ?? PROCESS_SETTINGS.string(env, 'INTERNAL_TOKEN_SECRET'),
    devLogin: options.allInOne === true || GATEWAY_SETTINGS.boolean(env, 'AUTH_DEV_LOGIN'),
    oidc: readOidc(env),
    publicOrigin: GATEWAY_SETTINGS.optional(env, 'PUBLIC_ORIGIN'),
    allowedOrigins: GATEWAY_SETTINGS.list(env, 'ALLOWED_ORIGINS'),
    allowedHosts: GATEWAY_SETTINGS.list(env, 'ALLOWED_HOSTS'),
    trustProxy: GATEWAY_SETTINGS.boolean(env, 'TRUST_PROXY'),
    sessionTtlMs: THIRTY_DAYS_MS,
    sessionCacheMs: GATEWAY_SETTINGS.number(env, 'SESSION_CACHE_MS'),
    liveConsumer: GATEWAY_SETTINGS.string(env, 'LIVE_CONSUMER'),
    metricsToken: PROCESS_SETTINGS.optional(env, 'METRICS_TOKEN'),
    upstreamTimeoutMs: GATEWAY_SETTINGS.number(env, 'UPSTREAM_TIMEOUT_MS'),
    upstreamRetryWaitMs: GATEWAY_SETTINGS.number(env, 'UPSTREAM_RETRY_WAIT_MS'),
    rateLimits: {
      signIn: { ...DEFAULT_RATE_LIMITS.signIn, max: GATEWAY_SETTINGS.number(env, 'SIGN_IN_RATE_LIMIT') },
      contact: { ...DEFAULT_RATE_LIMITS.contact, max: GATEWAY_SETTINGS.number(env, 'CONTACT_RATE_LIMIT') },
    },
    serviceUrls: {
      inventory: PROCESS_SETTINGS.optional(env, 'INVENTORY_URL'),
      sync: PROCESS_SETTINGS.optional(env, 'SYNC_URL'),
      documents: PROCESS_SETTINGS.optional(env, 'DOCUMENTS_URL'),
    },
    web: webRoot ? webConfigFromRoot(webRoot, env) : undefined,
  };
}

function readOidc(env: NodeJS.ProcessEnv): OidcConfig | undefined {
  const issuer = GATEWAY_SETTINGS.optional(env, 'OIDC_ISSUER');
  const clientId = GATEWAY_SETTINGS.optional(env, 'OIDC_CLIENT_ID');
  const clientSecret = GATEWAY_SETTINGS.optional(env, 'OIDC_CLIENT_SECRET');
  const redirectUri = GATEWAY_SETTINGS.optional(env, 'OIDC_REDIRECT_URI');
  if (!issuer || !clientId || !clientSecret || !redirectUri) return undefined;
  return {
    issuer,
    clientId,
    clientSecret,
    redirectUri,
    scope: GATEWAY_SETTINGS.string(env, 'OIDC_SCOPE'),
    allowInsecureRequests: GATEWAY_SETTINGS.boolean(env, 'OIDC_ALLOW_INSECURE'),
  };
}

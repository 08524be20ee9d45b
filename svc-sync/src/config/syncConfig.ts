import { createHash } from 'node:crypto';
import { defineSettings } from '@printpool/service-kit';

/** Intuit answers in seconds; a minute of silence is a hung connection, not a slow report. */
export const DEFAULT_QBO_TIMEOUT_MS = 60_000;

export interface QboOAuthConfig {
  clientId: string;
  clientSecret: string;
  environment: 'sandbox' | 'production';
  redirectUri: string;
  /** The QBO sandbox's base URL; unset means Intuit itself. */
  baseUrl: string | undefined;
  /** How long one request to QuickBooks (API or token endpoint) may take (QBO_TIMEOUT_MS). */
  timeoutMs: number;
}

export interface SyncConfig {
  qbo: QboOAuthConfig;
  /** AES-256-GCM keys for tokens at rest, the current one first (QBO_TOKEN_KEYS, crypto/tokenCipher.ts). */
  tokenKeys: Buffer[];
  /** Intuit's webhook verifier token; without it every webhook is refused. */
  webhookVerifier: string | undefined;
  /** Minutes between scheduled catch-ups of each company (QBO_CATCH_UP_MINUTES); 0: none. */
  catchUpMinutes: number;
}

/** Intuit asks apps to reconcile with CDC rather than rely on webhooks; a quarter hour bounds how stale a lost one leaves an order. */
export const DEFAULT_CATCH_UP_MINUTES = 15;

/** The Intuit app svc-sync connects companies with, and how it keeps them current. */
export const SYNC_CONFIG_SETTINGS = defineSettings(
  { part: 'processes', usedBy: 'svc-sync' },
  {
    QBO_CLIENT_ID: {
      unset: 'the launchers run the QBO sandbox; required by svc-sync run alone',
      description: "the Intuit app's client id",
    },
    QBO_CLIENT_SECRET: { secret: true, unset: 'as `QBO_CLIENT_ID`', description: "the Intuit app's client secret" },
    QBO_REDIRECT_URI: { unset: 'as `QBO_CLIENT_ID`', description: "the Intuit app's redirect URI, the gateway's `/api/quickbooks/callback`" },
    QBO_ENVIRONMENT: { default: 'sandbox', description: "`sandbox` or `production`: the Intuit app's environment" },
    QBO_BASE_URL: { rarelySet: true, unset: 'Intuit itself', description: "the QBO sandbox's base URL (the launchers set it)" },
    QBO_TOKEN_KEYS: {
      secret: true,
      unset: 'as `QBO_TOKEN_KEY`',
      description:
        'the key ring for QuickBooks tokens at rest, comma-separated, the current key first and old ones after, each as `QBO_TOKEN_KEY` takes it: tokens are sealed with the first and opened with whichever key sealed them, and sealed again with the first in the background (docs/operations.md, Rotating secrets)',
    },
    QBO_TOKEN_KEY: {
      secret: true,
      unset: 'required (or `QBO_TOKEN_KEYS`) by svc-sync run alone and under `NODE_ENV=production`; both launchers keep one in `DATA_DIR/secrets.json`',
      description:
        'AES-256-GCM key for QuickBooks tokens at rest: 32 bytes, as 64 hex characters or base64; a ring of one key (`QBO_TOKEN_KEYS` holds several)',
    },
    QBO_WEBHOOK_VERIFIER: { secret: true, unset: 'every webhook is refused', description: "Intuit's webhook verifier token" },
    QBO_TIMEOUT_MS: {
      default: DEFAULT_QBO_TIMEOUT_MS,
      description: 'how long one QuickBooks request (API or token endpoint) may take before it fails as a network failure, retried like one',
    },
    QBO_CATCH_UP_MINUTES: {
      default: DEFAULT_CATCH_UP_MINUTES,
      description:
        'minutes between the scheduled incremental (CDC) syncs that catch every connected company up with QuickBooks, webhook or not (jittered by ±10 %); `0` turns them off',
    },
  },
);

/** Decodes a 32-byte key given as 64 hex characters or base64. */
export function parseTokenKey(raw: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error('QBO_TOKEN_KEY and each key of QBO_TOKEN_KEYS must be 32 bytes, as 64 hex characters or base64');
  return key;
}

/**
 * The token keys, current first. Production requires QBO_TOKEN_KEYS or QBO_TOKEN_KEY (not both:
 * which one held the current key would be a guess); elsewhere a missing key is derived from the
 * internal token secret, so a developer's machine needs no extra secret (the all-in-one launcher
 * generates and persists a real one).
 */
function tokenKeysFrom(env: NodeJS.ProcessEnv, internalTokenSecret: string): Buffer[] {
  const ring = SYNC_CONFIG_SETTINGS.list(env, 'QBO_TOKEN_KEYS');
  const single = SYNC_CONFIG_SETTINGS.optional(env, 'QBO_TOKEN_KEY');
  if (ring.length > 0 && single) throw new Error('Set QBO_TOKEN_KEYS or QBO_TOKEN_KEY, not both: QBO_TOKEN_KEYS lists the current key first');
  if (ring.length > 0) return ring.map(parseTokenKey);
  if (single) return [parseTokenKey(single)];
  if (env.NODE_ENV === 'production') throw new Error('Missing required environment variable QBO_TOKEN_KEY (or QBO_TOKEN_KEYS)');
  return [createHash('sha256').update(`printpool/svc-sync/token-key/${internalTokenSecret}`).digest()];
}

function catchUpMinutesFrom(env: NodeJS.ProcessEnv): number {
  const minutes = SYNC_CONFIG_SETTINGS.number(env, 'QBO_CATCH_UP_MINUTES');
  if (minutes < 0) throw new Error(`QBO_CATCH_UP_MINUTES must be 0 (off) or more, got '${minutes}'`);
  return minutes;
}

export function loadSyncConfig(env: NodeJS.ProcessEnv, internalTokenSecret: string): SyncConfig {
  const environment = SYNC_CONFIG_SETTINGS.string(env, 'QBO_ENVIRONMENT');
  if (environment !== 'sandbox' && environment !== 'production') {
    throw new Error(`QBO_ENVIRONMENT must be sandbox or production, got '${environment}'`);
  }
  return {
    qbo: {
      clientId: SYNC_CONFIG_SETTINGS.string(env, 'QBO_CLIENT_ID'),
      clientSecret: SYNC_CONFIG_SETTINGS.string(env, 'QBO_CLIENT_SECRET'),
      environment,
      redirectUri: SYNC_CONFIG_SETTINGS.string(env, 'QBO_REDIRECT_URI'),
      baseUrl: SYNC_CONFIG_SETTINGS.optional(env, 'QBO_BASE_URL')?.replace(/\/+$/, ''),
      timeoutMs: SYNC_CONFIG_SETTINGS.number(env, 'QBO_TIMEOUT_MS'),
    },
    tokenKeys: tokenKeysFrom(env, internalTokenSecret),
    webhookVerifier: SYNC_CONFIG_SETTINGS.optional(env, 'QBO_WEBHOOK_VERIFIER'),
    catchUpMinutes: catchUpMinutesFrom(env),
  };
}

import { createHash } from 'node:crypto';
import { envNumber, envOptional, envString } from '@printpool/service-kit';

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
  /** AES-256-GCM key for tokens at rest. */
  tokenKey: Buffer;
  /** Intuit's webhook verifier token; without it every webhook is refused. */
  webhookVerifier: string | undefined;
  /** Minutes between scheduled catch-ups of each company (QBO_CATCH_UP_MINUTES); 0: none. */
  catchUpMinutes: number;
}

/** Intuit asks apps to reconcile with CDC rather than rely on webhooks; a quarter hour bounds how stale a lost one leaves an order. */
export const DEFAULT_CATCH_UP_MINUTES = 15;

/** Decodes a 32-byte key given as 64 hex characters or base64. */
export function parseTokenKey(raw: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error('QBO_TOKEN_KEY must be 32 bytes, as 64 hex characters or base64');
  return key;
}

/**
 * The token key. Production requires QBO_TOKEN_KEY; elsewhere a missing key is derived from
 * the internal token secret, so a developer's machine needs no extra secret (the all-in-one
 * launcher generates and persists a real one).
 */
function tokenKeyFrom(env: NodeJS.ProcessEnv, internalTokenSecret: string): Buffer {
  const raw = envOptional(env, 'QBO_TOKEN_KEY');
  if (raw) return parseTokenKey(raw);
  if (env.NODE_ENV === 'production') throw new Error('Missing required environment variable QBO_TOKEN_KEY');
  return createHash('sha256').update(`printpool/svc-sync/token-key/${internalTokenSecret}`).digest();
}

function catchUpMinutesFrom(env: NodeJS.ProcessEnv): number {
  const minutes = envNumber(env, 'QBO_CATCH_UP_MINUTES', DEFAULT_CATCH_UP_MINUTES);
  if (minutes < 0) throw new Error(`QBO_CATCH_UP_MINUTES must be 0 (off) or more, got '${minutes}'`);
  return minutes;
}

export function loadSyncConfig(env: NodeJS.ProcessEnv, internalTokenSecret: string): SyncConfig {
  const environment = envString(env, 'QBO_ENVIRONMENT', 'sandbox');
  if (environment !== 'sandbox' && environment !== 'production') {
    throw new Error(`QBO_ENVIRONMENT must be sandbox or production, got '${environment}'`);
  }
  return {
    qbo: {
      clientId: envString(env, 'QBO_CLIENT_ID'),
      clientSecret: envString(env, 'QBO_CLIENT_SECRET'),
      environment,
      redirectUri: envString(env, 'QBO_REDIRECT_URI'),
      baseUrl: envOptional(env, 'QBO_BASE_URL')?.replace(/\/+$/, ''),
      timeoutMs: envNumber(env, 'QBO_TIMEOUT_MS', DEFAULT_QBO_TIMEOUT_MS),
    },
    tokenKey: tokenKeyFrom(env, internalTokenSecret),
    webhookVerifier: envOptional(env, 'QBO_WEBHOOK_VERIFIER'),
    catchUpMinutes: catchUpMinutesFrom(env),
  };
}

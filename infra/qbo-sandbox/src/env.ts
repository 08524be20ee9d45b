import type { Logger } from 'pino';
import type { QboSandboxOptions, WebhookFormat } from './config.js';

export const DEFAULT_PORT = 4010;

/**
 * The variables the sandbox reads when it runs alone, for docs/configuration.md: the shape of
 * service-kit's SettingsDeclaration, which the sandbox declares without depending on PrintPool.
 */
export const SANDBOX_SETTINGS = {
  part: 'sandbox',
  usedBy: 'qbo-sandbox',
  settings: {
    QBO_SANDBOX_PORT: { default: DEFAULT_PORT, description: 'listen port' },
    HOST: { default: '127.0.0.1', description: 'address it listens on' },
    QBO_SANDBOX_BASE_URL: { unset: '`http://localhost:$QBO_SANDBOX_PORT`', description: 'public URL (with any path prefix)' },
    QBO_SANDBOX_CLIENT_ID: { unset: 'required', description: 'the one OAuth client: its id' },
    QBO_SANDBOX_CLIENT_SECRET: { unset: 'required', description: 'the one OAuth client: its secret' },
    QBO_SANDBOX_REDIRECT_URIS: { unset: 'required', description: "the OAuth client's redirect URIs, comma-separated, matched exactly" },
    QBO_SANDBOX_SEED: { default: 1, description: 'demo data: the seed of the generated companies' },
    QBO_SANDBOX_SCALE: { default: 1, description: 'demo data: scale 1 ≈ 200 entities per company, 350 ≈ 70,000' },
    QBO_SANDBOX_AS_OF: {
      unset: 'when the sandbox starts',
      description:
        "ISO date-time the demo companies' history counts back from: sandboxes given the same seed, scale and moment hold the very same companies, dates included",
    },
    QBO_SANDBOX_RATE_LIMIT: { default: 500, description: 'requests a minute per realm' },
    QBO_SANDBOX_CONCURRENCY_LIMIT: { default: 10, description: 'requests in flight per realm' },
    QBO_WEBHOOK_URL: { unset: 'no webhooks', description: 'webhook target; needs `QBO_WEBHOOK_VERIFIER`' },
    QBO_WEBHOOK_VERIFIER: { unset: 'no webhooks', description: 'webhook verifier token' },
    QBO_WEBHOOK_FORMAT: { default: 'cloudevents', description: '`cloudevents` or `legacy` webhook bodies' },
    QBO_SANDBOX_DATA_DIR: {
      unset: 'companies and tokens are held in memory only; the launchers set `$DATA_DIR/qbo-sandbox`',
      description: 'folder where the sandbox keeps its companies, their changes and the tokens it gave, so a restart keeps every connection',
    },
    QBO_SANDBOX_ADMIN_TOKEN: {
      unset: 'the admin API is open; `npm start`: `sandboxAdminToken` of `DATA_DIR/secrets.json`',
      usedBy: 'qbo-sandbox, `npm start`',
      description: 'bearer token for `/admin/*`',
    },
  },
} as const;

const { settings } = SANDBOX_SETTINGS;

function numberFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got "${raw}"`);
  return value;
}

function momentFrom(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Date.parse(raw);
  if (Number.isNaN(value)) throw new Error(`${name} must be an ISO date-time, got "${raw}"`);
  return value;
}

/** The distributed mode's configuration, from QBO_SANDBOX_* and QBO_WEBHOOK_* variables. */
export function loadSandboxOptions(env: NodeJS.ProcessEnv, logger: Logger): QboSandboxOptions & { port: number } {
  const port = numberFrom(env, 'QBO_SANDBOX_PORT', settings.QBO_SANDBOX_PORT.default);
  const clientId = env.QBO_SANDBOX_CLIENT_ID;
  const clientSecret = env.QBO_SANDBOX_CLIENT_SECRET;
  if (!clientId || !clientSecret) throw new Error('QBO_SANDBOX_CLIENT_ID and QBO_SANDBOX_CLIENT_SECRET are required');
  const redirectUris = (env.QBO_SANDBOX_REDIRECT_URIS ?? '')
    .split(',')
    .map((uri) => uri.trim())
    .filter(Boolean);
  if (redirectUris.length === 0) throw new Error('QBO_SANDBOX_REDIRECT_URIS must list at least one redirect URI');
  const webhookUrl = env.QBO_WEBHOOK_URL;
  const verifierToken = env.QBO_WEBHOOK_VERIFIER;
  if (webhookUrl && !verifierToken) throw new Error('QBO_WEBHOOK_VERIFIER is required with QBO_WEBHOOK_URL');
  const format = env.QBO_WEBHOOK_FORMAT || settings.QBO_WEBHOOK_FORMAT.default;
  if (format !== 'cloudevents' && format !== 'legacy') throw new Error(`QBO_WEBHOOK_FORMAT must be cloudevents or legacy, got "${format}"`);
  return {
    port,
    baseUrl: env.QBO_SANDBOX_BASE_URL ?? `http://localhost:${port}`,
    clients: [{ clientId, clientSecret, redirectUris }],
    seed: numberFrom(env, 'QBO_SANDBOX_SEED', settings.QBO_SANDBOX_SEED.default),
    scale: numberFrom(env, 'QBO_SANDBOX_SCALE', settings.QBO_SANDBOX_SCALE.default),
    companiesAsOf: momentFrom(env, 'QBO_SANDBOX_AS_OF'),
    webhook: webhookUrl && verifierToken ? { url: webhookUrl, verifierToken, format: format as WebhookFormat } : undefined,
    limits: {
      requestsPerMinute: numberFrom(env, 'QBO_SANDBOX_RATE_LIMIT', settings.QBO_SANDBOX_RATE_LIMIT.default),
      concurrentRequests: numberFrom(env, 'QBO_SANDBOX_CONCURRENCY_LIMIT', settings.QBO_SANDBOX_CONCURRENCY_LIMIT.default),
    },
    adminToken: env.QBO_SANDBOX_ADMIN_TOKEN || undefined,
    dataDir: env.QBO_SANDBOX_DATA_DIR || undefined,
    logger,
  };
}

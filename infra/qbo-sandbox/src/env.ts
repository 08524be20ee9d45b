import type { Logger } from 'pino';
import type { QboSandboxOptions, WebhookFormat } from './config.js';

export const DEFAULT_PORT = 4010;

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
  const port = numberFrom(env, 'QBO_SANDBOX_PORT', DEFAULT_PORT);
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
  const format = env.QBO_WEBHOOK_FORMAT || 'cloudevents';
  if (format !== 'cloudevents' && format !== 'legacy') throw new Error(`QBO_WEBHOOK_FORMAT must be cloudevents or legacy, got "${format}"`);
  return {
    port,
    baseUrl: env.QBO_SANDBOX_BASE_URL ?? `http://localhost:${port}`,
    clients: [{ clientId, clientSecret, redirectUris }],
    seed: numberFrom(env, 'QBO_SANDBOX_SEED', 1),
    scale: numberFrom(env, 'QBO_SANDBOX_SCALE', 1),
    companiesAsOf: momentFrom(env, 'QBO_SANDBOX_AS_OF'),
    webhook: webhookUrl && verifierToken ? { url: webhookUrl, verifierToken, format: format as WebhookFormat } : undefined,
    limits: {
      requestsPerMinute: numberFrom(env, 'QBO_SANDBOX_RATE_LIMIT', 500),
      concurrentRequests: numberFrom(env, 'QBO_SANDBOX_CONCURRENCY_LIMIT', 10),
    },
    adminToken: env.QBO_SANDBOX_ADMIN_TOKEN || undefined,
    logger,
  };
}

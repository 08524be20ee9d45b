import { randomBytes } from 'node:crypto';

/** How the launchers connect svc-sync to the local QBO sandbox when no Intuit app is configured. */
export interface LocalQbo {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  webhookUrl: string;
  webhookVerifier: string;
  baseUrl: string;
  /** What svc-sync reads; identical in shape to a real Intuit configuration. */
  syncEnv: Record<string, string>;
}

export const usesRealIntuit = (env: NodeJS.ProcessEnv) => Boolean(env.QBO_CLIENT_ID);

/**
 * Fresh credentials per launch, given to the sandbox and svc-sync alike. The client id stays the
 * same, so the grants the sandbox kept under DATA_DIR (qbo-sandbox store/persistence.ts) still
 * belong to it and the tokens svc-sync holds keep working after a restart.
 */
export function localQbo(publicOrigin: string, sandboxBaseUrl: string): LocalQbo {
  const clientId = 'printpool-local';
  const clientSecret = randomBytes(24).toString('hex');
  const webhookVerifier = randomBytes(24).toString('hex');
  const redirectUri = `${publicOrigin}/api/quickbooks/callback`;
  const webhookUrl = `${publicOrigin}/api/quickbooks/webhook`;
  return {
    clientId,
    clientSecret,
    redirectUri,
    webhookUrl,
    webhookVerifier,
    baseUrl: sandboxBaseUrl,
    syncEnv: {
      QBO_CLIENT_ID: clientId,
      QBO_CLIENT_SECRET: clientSecret,
      QBO_REDIRECT_URI: redirectUri,
      QBO_ENVIRONMENT: 'sandbox',
      QBO_BASE_URL: sandboxBaseUrl,
      QBO_WEBHOOK_VERIFIER: webhookVerifier,
    },
  };
}

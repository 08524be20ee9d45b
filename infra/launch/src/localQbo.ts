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

/** Fresh credentials per launch: the sandbox keeps its companies and tokens in memory only. */
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

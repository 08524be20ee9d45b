import OAuthClient from 'intuit-oauth';
import type { QboOAuthConfig } from '../config/syncConfig.js';
import type { TokenSet } from '../domain/tokenSet.js';
import { QboApiError, QboReauthorizationRequired } from './qboErrors.js';

const INTUIT_API = { sandbox: 'https://sandbox-quickbooks.api.intuit.com', production: 'https://quickbooks.api.intuit.com' };
// Intuit's refresh tokens live 101 days; used when a response omits their lifetime.
const DEFAULT_REFRESH_TTL_S = 8_726_400;

interface TokenJson {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  x_refresh_token_expires_in?: number;
}

function toTokenSet(json: TokenJson, now = Date.now()): TokenSet {
  if (!json.access_token || !json.refresh_token) throw new Error('QuickBooks answered without tokens');
  return {
    accessToken: json.access_token,
    refreshToken: json.refresh_token,
    accessExpiresAt: new Date(now + (json.expires_in ?? 3600) * 1000),
    refreshExpiresAt: new Date(now + (json.x_refresh_token_expires_in ?? DEFAULT_REFRESH_TTL_S) * 1000),
  };
}

/** intuit-oauth wraps token-endpoint refusals as `{ error: 'invalid_grant', … }`. */
function oauthErrorCode(error: unknown): string | undefined {
  const code = (error as { error?: unknown } | null)?.error;
  return typeof code === 'string' ? code : undefined;
}

/**
 * OAuth 2 with Intuit (or the sandbox) through intuit-oauth. A new OAuthClient per call keeps
 * one tenant's tokens out of another's requests; the endpoints are process-wide statics,
 * pointed at the sandbox once when QBO_BASE_URL is set.
 */
export class QboOAuth {
  /** Prefix of `/{realmId}/…` Accounting API paths. */
  readonly apiBase: string;

  constructor(private readonly config: QboOAuthConfig) {
    if (config.baseUrl) {
      this.client().setAuthorizeURLs({
        authorizeEndpoint: `${config.baseUrl}/connect/oauth2`,
        tokenEndpoint: `${config.baseUrl}/oauth2/v1/tokens/bearer`,
        revokeEndpoint: `${config.baseUrl}/oauth2/v1/tokens/revoke`,
        userInfoEndpoint: `${config.baseUrl}/v1/openid_connect/userinfo`,
      });
    }
    this.apiBase = `${config.baseUrl ?? INTUIT_API[config.environment]}/v3/company`;
  }

  authorizeUrl(state: string): string {
    return this.client().authorizeUri({ scope: [OAuthClient.scopes.Accounting], state });
  }

  /** Exchanges the callback's authorization code. */
  async exchangeCode(code: string, realmId: string): Promise<TokenSet> {
    const query = new URLSearchParams({ code, realmId });
    const response = await this.guard((client) => client.createToken(`${this.config.redirectUri}?${query.toString()}`));
    return toTokenSet(response.getJson() as TokenJson);
  }

  /** Rotates the refresh token; Intuit answers invalid_grant when it expired or was revoked. */
  async refresh(refreshToken: string): Promise<TokenSet> {
    const response = await this.guard((client) => client.refreshUsingToken(refreshToken));
    return toTokenSet(response.getJson() as TokenJson);
  }

  /** Revokes the whole grant; an already dead token is not an error. */
  async revoke(refreshToken: string): Promise<void> {
    await this.guard((client) => client.revoke({ refresh_token: refreshToken })).catch((error: unknown) => {
      if (!(error instanceof QboReauthorizationRequired)) throw error;
    });
  }

  private client(): OAuthClient {
    return new OAuthClient({
      clientId: this.config.clientId,
      clientSecret: this.config.clientSecret,
      environment: this.config.environment,
      redirectUri: this.config.redirectUri,
    });
  }

  /** Runs one token request on a client of its own, within QBO_TIMEOUT_MS, and words its failure. */
  private async guard<T>(call: (client: OAuthClient) => Promise<T>): Promise<T> {
    const client = this.client();
    // intuit-oauth sends token requests through axios without a timeout, so a hung token endpoint
    // would hold a sync (and its tenant's token lock) for good: this client's requests get one.
    let timedOut = false;
    const load = client.loadResponse.bind(client);
    client.loadResponse = (request: object) =>
      load({ ...request, timeout: this.config.timeoutMs }).catch((error: unknown) => {
        timedOut = (error as { code?: unknown } | null)?.code === 'ECONNABORTED';
        throw error;
      });
    try {
      return await call(client);
    } catch (error) {
      if (timedOut)
        throw new QboApiError('network', 0, {
          code: undefined,
          message: `did not answer the token request within ${this.config.timeoutMs} ms`,
          detail: undefined,
        });
      const code = oauthErrorCode(error);
      if (code === 'invalid_grant') throw new QboReauthorizationRequired();
      // Never pass intuit-oauth's error on: it carries the request, credentials included.
      throw new QboApiError('authentication', 0, { code, message: code ?? 'Token request failed', detail: undefined });
    }
  }
}

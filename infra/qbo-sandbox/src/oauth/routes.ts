import type Router from '@koa/router';
import type { Context } from 'koa';
import type { OAuthClientConfig } from '../config.js';
import { authenticateClient } from '../http/basic-auth.js';
import type { Clock } from '../clock.js';
import type { SandboxStore } from '../store/store.js';
import { IdTokenSigner, userIdFor } from './id-token.js';
import { authorizePage, errorPage, nonAdminPage, type AuthorizeParams } from './pages.js';
import type { TokenStore } from './token-store.js';

/** Intuit's OAuth paths, relative to the sandbox's base URL. */
export const OAUTH_PATHS = {
  authorize: '/connect/oauth2',
  approve: '/connect/oauth2/approve',
  token: '/oauth2/v1/tokens/bearer',
  revoke: '/oauth2/v1/tokens/revoke',
  revokeV2: '/v2/oauth2/tokens/revoke',
  userInfo: '/v1/openid_connect/userinfo',
  jwks: '/op/v1/jwks',
};

const KNOWN_SCOPES = new Set(['com.intuit.quickbooks.accounting', 'com.intuit.quickbooks.payment', 'openid', 'profile', 'email', 'phone', 'address']);

interface OAuthDeps {
  baseUrl: string;
  clients: OAuthClientConfig[];
  store: SandboxStore;
  tokens: TokenStore;
  clock: Clock;
}

function field(source: Record<string, unknown>, name: string): string {
  const value = source[name];
  return typeof value === 'string' ? value : '';
}

function redirectWith(ctx: Context, redirectUri: string, params: Record<string, string>): void {
  const target = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  ctx.redirect(target.toString());
}

function tokenError(ctx: Context, status: number, error: string): void {
  ctx.status = status;
  ctx.body = { error };
}

export function registerOAuthRoutes(router: Router, deps: OAuthDeps): void {
  const { baseUrl, clients, store, tokens } = deps;
  const idTokens = new IdTokenSigner();

  /** Checks client and redirect URI; Intuit shows an error page rather than redirecting to an unverified URI. */
  const validate = (ctx: Context, source: Record<string, unknown>): AuthorizeParams | undefined => {
    const params: AuthorizeParams = {
      client_id: field(source, 'client_id'),
      redirect_uri: field(source, 'redirect_uri'),
      scope: field(source, 'scope'),
      state: field(source, 'state'),
    };
    const client = clients.find((candidate) => candidate.clientId === params.client_id);
    if (!client) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = errorPage('invalid_client: The client_id query parameter value is invalid.');
      return undefined;
    }
    if (!client.redirectUris.includes(params.redirect_uri)) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = errorPage(
        "The redirect_uri query parameter value is invalid. Make sure it is listed in the Redirect URIs section on your app's keys tab and matches it exactly.",
      );
      return undefined;
    }
    return params;
  };

  router.get(OAUTH_PATHS.authorize, (ctx) => {
    const query = ctx.query as Record<string, unknown>;
    const params = validate(ctx, query);
    if (!params) return;
    if (field(query, 'response_type') !== 'code') {
      redirectWith(ctx, params.redirect_uri, { error: 'unsupported_response_type', state: params.state });
      return;
    }
    const scopes = params.scope.split(/\s+/).filter(Boolean);
    if (scopes.length === 0 || scopes.some((scope) => !KNOWN_SCOPES.has(scope))) {
      redirectWith(ctx, params.redirect_uri, { error: 'invalid_scope', state: params.state });
      return;
    }
    const here = new URL(`${baseUrl}${OAUTH_PATHS.authorize}`);
    for (const [key, value] of Object.entries(query)) if (typeof value === 'string' && key !== 'user') here.searchParams.set(key, value);
    const adminUrl = here.toString();
    here.searchParams.set('user', 'standard');
    ctx.type = 'html';
    if (field(query, 'user') === 'standard') {
      ctx.body = nonAdminPage(params.client_id, adminUrl);
      return;
    }
    const companies = store.companies().map((realm) => ({ realmId: realm.realmId, companyName: String(realm.companyInfo.CompanyName) }));
    ctx.body = authorizePage(params, params.client_id, companies, `${baseUrl}${OAUTH_PATHS.approve}`, here.toString());
  });

  router.post(OAUTH_PATHS.approve, (ctx) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const params = validate(ctx, body);
    if (!params) return;
    if (field(body, 'decision') !== 'approve') {
      redirectWith(ctx, params.redirect_uri, { error: 'access_denied', state: params.state });
      return;
    }
    const realmId = field(body, 'realmId');
    if (!store.realm(realmId)) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = errorPage('Choose a company to connect.');
      return;
    }
    const code = tokens.issueCode({ clientId: params.client_id, redirectUri: params.redirect_uri, realmId, scope: params.scope });
    redirectWith(ctx, params.redirect_uri, { code, state: params.state, realmId });
  });

  router.post(OAUTH_PATHS.token, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const client = authenticateClient(ctx, clients);
    if (!client) return tokenError(ctx, 401, 'invalid_client');
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const grantType = field(body, 'grant_type');
    if (grantType === 'authorization_code') {
      const code = tokens.redeemCode(field(body, 'code'));
      if (!code || code.clientId !== client.clientId || code.redirectUri !== field(body, 'redirect_uri')) {
        return tokenError(ctx, 400, 'invalid_grant');
      }
      const pair = tokens.createGrant(client.clientId, code.realmId, code.scope);
      // With the openid scope Intuit answers the code exchange with an id_token as well.
      const openid = code.scope.split(/\s+/).includes('openid');
      ctx.body = openid ? { ...pair, id_token: idTokens.sign({ clientId: client.clientId, realmId: code.realmId, nowMs: deps.clock.now() }) } : pair;
      return;
    }
    if (grantType === 'refresh_token') {
      const pair = tokens.rotate(field(body, 'refresh_token'), client.clientId);
      if (!pair) return tokenError(ctx, 400, 'invalid_grant');
      ctx.body = pair;
      return;
    }
    tokenError(ctx, 400, 'unsupported_grant_type');
  });

  const revoke = (ctx: Context) => {
    const client = authenticateClient(ctx, clients);
    if (!client) return tokenError(ctx, 401, 'invalid_client');
    const token = field((ctx.request.body ?? {}) as Record<string, unknown>, 'token');
    if (!token) return tokenError(ctx, 400, 'invalid_request');
    // RFC 7009: an unknown token is answered like a revoked one.
    tokens.revoke(token, client.clientId);
    ctx.status = 200;
    ctx.body = '';
  };
  router.post(OAUTH_PATHS.revoke, revoke);
  router.post(OAUTH_PATHS.revokeV2, revoke);

  router.get(OAUTH_PATHS.jwks, (ctx) => {
    ctx.body = idTokens.jwks();
  });

  router.get(OAUTH_PATHS.userInfo, (ctx) => {
    const match = /^Bearer\s+(.+)$/i.exec(ctx.get('authorization'));
    const grant = match ? tokens.verify(match[1]!) : 'invalid';
    if (typeof grant === 'string') {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer realm="Intuit", error="invalid_token"');
      ctx.body = { error: 'invalid_token' };
      return;
    }
    const realm = store.realm(grant.realmId);
    const email = (realm?.companyInfo.Email as { Address?: string } | undefined)?.Address ?? 'owner@example.com';
    ctx.body = {
      sub: userIdFor(grant.realmId),
      email,
      emailVerified: true,
      givenName: 'Sandbox',
      familyName: 'Admin',
    };
  });
}

import * as client from 'openid-client';
import type { OidcConfig } from '../config.js';
import type { Profile } from './accounts.js';

export interface PendingLogin {
  codeVerifier: string;
  state: string;
  nonce: string;
}

export interface OidcFlow {
  /** The identity provider's authorization URL and what the callback must check it against. */
  start(): Promise<{ url: URL; pending: PendingLogin }>;
  /** Redeems the code (PKCE, state and nonce checked) and returns who signed in. */
  finish(callbackUrl: URL, pending: PendingLogin): Promise<Profile>;
}

/** OpenID Connect authorization-code flow with PKCE against any issuer that publishes discovery metadata. */
export function createOidcFlow(config: OidcConfig): OidcFlow {
  let discovered: Promise<client.Configuration> | null = null;
  const configuration = () => {
    discovered ??= client
      .discovery(
        new URL(config.issuer),
        config.clientId,
        config.clientSecret,
        undefined,
        config.allowInsecureRequests ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        // An issuer that was down at the first sign-in must not stay broken until a restart.
        discovered = null;
        throw error;
      });
    return discovered;
  };

  return {
    async start() {
      const oidc = await configuration();
      const pending: PendingLogin = {
        codeVerifier: client.randomPKCECodeVerifier(),
        state: client.randomState(),
        nonce: client.randomNonce(),
      };
      const url = client.buildAuthorizationUrl(oidc, {
        redirect_uri: config.redirectUri,
        scope: config.scope,
        code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url, pending };
    },

    async finish(callbackUrl, pending) {
      const oidc = await configuration();
      const tokens = await client.authorizationCodeGrant(oidc, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('No ID token in the token response');
      const claims = idClaims.email ? idClaims : { ...idClaims, ...(await client.fetchUserInfo(oidc, tokens.access_token, idClaims.sub)) };
      if (typeof claims.email !== 'string' || claims.email === '') throw new Error('The identity provider gave no e-mail address');
      return {
        email: claims.email,
        firstName: typeof claims.given_name === 'string' ? claims.given_name : null,
        lastName: typeof claims.family_name === 'string' ? claims.family_name : null,
        profileImageUrl: typeof claims.picture === 'string' ? claims.picture : null,
        oidc: { issuer: String(idClaims.iss), subject: idClaims.sub, emailVerified: claims.email_verified === true },
      };
    },
  };
}

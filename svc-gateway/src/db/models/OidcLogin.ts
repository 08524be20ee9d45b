import { BaseModel } from './BaseModel.js';

/** PKCE verifier, state and nonce of a sign-in in progress, keyed by the hash of a browser cookie. */
export class OidcLogin extends BaseModel {
  static override tableName = 'oidc_logins';
  static override idColumn = 'token_hash';

  tokenHash!: string;
  codeVerifier!: string;
  state!: string;
  nonce!: string;
  expiresAt!: Date;
}

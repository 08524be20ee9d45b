import { createHash, createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';

/** Intuit's OpenID issuer: `intuit-oauth`'s validateIdToken refuses any other. */
export const ID_TOKEN_ISSUER = 'https://oauth.platform.intuit.com/op/v1';
const ID_TOKEN_TTL_S = 3600;

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * The `id_token` Intuit adds to the token answer when the `openid` scope was granted: an RS256
 * JWT (`iss`, `aud` = [client id], `sub` = the user, `realmid`, `auth_time`, `iat`, `exp`) signed
 * with a key the JWKS endpoint publishes by `kid`.
 */
export class IdTokenSigner {
  private readonly privateKey: KeyObject;
  private readonly publicJwk: Record<string, unknown>;
  readonly kid: string;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' }) as { n: string; e: string };
    this.kid = `OPICSBX${createHash('sha256').update(jwk.n).digest('hex').slice(0, 16)}`;
    this.publicJwk = { kty: 'RSA', e: jwk.e, use: 'sig', kid: this.kid, alg: 'RS256', n: jwk.n };
  }

  sign(claims: { clientId: string; realmId: string; nowMs: number }): string {
    const iat = Math.floor(claims.nowMs / 1000);
    const header = { kid: this.kid, alg: 'RS256' };
    const payload = {
      sub: userIdFor(claims.realmId),
      aud: [claims.clientId],
      realmid: claims.realmId,
      auth_time: iat,
      iss: ID_TOKEN_ISSUER,
      exp: iat + ID_TOKEN_TTL_S,
      iat,
    };
    const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
    const signature = createSign('RSA-SHA256').update(input).sign(this.privateKey);
    return `${input}.${b64url(signature)}`;
  }

  jwks(): { keys: Record<string, unknown>[] } {
    return { keys: [this.publicJwk] };
  }
}

/** The company admin's user id: a UUID derived from the realm, as stable as a real user's. */
export function userIdFor(realmId: string): string {
  const hex = createHash('sha256').update(`sandbox-user:${realmId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

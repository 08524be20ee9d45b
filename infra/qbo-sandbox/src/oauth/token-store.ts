import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';

/** Intuit's lifetimes: access tokens one hour, refresh tokens 101 days. */
export const ACCESS_TOKEN_TTL_S = 3600;
export const REFRESH_TOKEN_TTL_S = 8_726_400;
const CODE_TTL_MS = 5 * 60_000;

export interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  realmId: string;
  scope: string;
  expiresAt: number;
}

interface Grant {
  clientId: string;
  realmId: string;
  scope: string;
  refreshToken: string;
  refreshExpiresAt: number;
  accessTokens: Set<string>;
}

export interface AccessGrant {
  clientId: string;
  realmId: string;
  scope: string;
  expiresAt: number;
  grant: Grant;
}

/** A grant as the sandbox keeps it on disk (store/persistence.ts): tokens and their expiries. */
export interface SavedGrant {
  clientId: string;
  realmId: string;
  scope: string;
  refreshToken: string;
  refreshExpiresAt: number;
  accessTokens: { token: string; expiresAt: number }[];
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  x_refresh_token_expires_in: number;
}

function opaque(prefix: string, bytes: number): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

/**
 * Authorization codes, grants and tokens. A refresh rotates the refresh token and the old
 * one stops working, which is what clients must cope with at Intuit.
 */
export class TokenStore {
  private readonly codes = new Map<string, AuthorizationCode>();
  private readonly access = new Map<string, AccessGrant>();
  private readonly refresh = new Map<string, Grant>();

  /** Told after every change to a grant, so a sandbox with a data directory can save it. */
  onChange: () => void = () => undefined;

  constructor(
    private readonly clock: Clock,
    private readonly accessTtlS = ACCESS_TOKEN_TTL_S,
  ) {}

  /** Every live grant with its tokens; codes are left out, as they last minutes. */
  saved(): SavedGrant[] {
    const grants = new Set(this.refresh.values());
    for (const entry of this.access.values()) grants.add(entry.grant);
    return [...grants].map((grant) => ({
      clientId: grant.clientId,
      realmId: grant.realmId,
      scope: grant.scope,
      refreshToken: grant.refreshToken,
      refreshExpiresAt: grant.refreshExpiresAt,
      accessTokens: [...grant.accessTokens].flatMap((token) => {
        const entry = this.access.get(token);
        return entry ? [{ token, expiresAt: entry.expiresAt }] : [];
      }),
    }));
  }

  /** Takes back grants `saved()` gave, so their tokens work as before. */
  restore(saved: SavedGrant[]): void {
    for (const entry of saved) {
      const grant: Grant = { ...entry, accessTokens: new Set(entry.accessTokens.map(({ token }) => token)) };
      this.refresh.set(grant.refreshToken, grant);
      for (const { token, expiresAt } of entry.accessTokens) {
        this.access.set(token, { clientId: grant.clientId, realmId: grant.realmId, scope: grant.scope, expiresAt, grant });
      }
    }
  }

  issueCode(code: Omit<AuthorizationCode, 'expiresAt'>): string {
    const value = opaque('AB11', 24);
    this.codes.set(value, { ...code, expiresAt: this.clock.now() + CODE_TTL_MS });
    return value;
  }

  /** Codes are single use: a second exchange fails like an expired one. */
  redeemCode(value: string): AuthorizationCode | undefined {
    const code = this.codes.get(value);
    this.codes.delete(value);
    return code && code.expiresAt > this.clock.now() ? code : undefined;
  }

  createGrant(clientId: string, realmId: string, scope: string): TokenPair {
    const grant: Grant = { clientId, realmId, scope, refreshToken: '', refreshExpiresAt: 0, accessTokens: new Set() };
    const pair = this.issue(grant);
    this.onChange();
    return pair;
  }

  rotate(refreshToken: string, clientId: string): TokenPair | undefined {
    const grant = this.refresh.get(refreshToken);
    if (!grant || grant.clientId !== clientId || grant.refreshExpiresAt <= this.clock.now()) return undefined;
    this.refresh.delete(refreshToken);
    const pair = this.issue(grant);
    this.onChange();
    return pair;
  }

  /** Revoking either token of a grant disconnects the app: every token of the grant dies. */
  revoke(token: string, clientId: string): boolean {
    const grant = this.refresh.get(token) ?? this.access.get(token)?.grant;
    if (!grant || grant.clientId !== clientId) return false;
    this.refresh.delete(grant.refreshToken);
    for (const accessToken of grant.accessTokens) this.access.delete(accessToken);
    grant.accessTokens.clear();
    this.onChange();
    return true;
  }

  /** The grant behind a bearer token, or why it is refused. */
  verify(token: string): AccessGrant | 'expired' | 'invalid' {
    const found = this.access.get(token);
    if (!found) return 'invalid';
    if (found.expiresAt <= this.clock.now()) return 'expired';
    return found;
  }

  /** Expires every access token of a realm (or all realms) now; refresh tokens stay valid. */
  expireAccessTokens(realmId?: string): number {
    let count = 0;
    const now = this.clock.now();
    for (const entry of this.access.values()) {
      if (realmId === undefined || entry.realmId === realmId) {
        entry.expiresAt = Math.min(entry.expiresAt, now);
        count += 1;
      }
    }
    if (count > 0) this.onChange();
    return count;
  }

  private issue(grant: Grant): TokenPair {
    const now = this.clock.now();
    this.pruneExpired(now);
    const accessToken = opaque('eyJlbmMiOiJBMTI4Q0JDLUhTMjU2IiwiYWxnIjoiZGlyIn0..', 48);
    grant.refreshToken = opaque('AB11', 36);
    grant.refreshExpiresAt = now + REFRESH_TOKEN_TTL_S * 1000;
    grant.accessTokens.add(accessToken);
    this.refresh.set(grant.refreshToken, grant);
    const expiresAt = now + this.accessTtlS * 1000;
    this.access.set(accessToken, { clientId: grant.clientId, realmId: grant.realmId, scope: grant.scope, expiresAt, grant });
    return {
      access_token: accessToken,
      refresh_token: grant.refreshToken,
      token_type: 'bearer',
      expires_in: this.accessTtlS,
      x_refresh_token_expires_in: REFRESH_TOKEN_TTL_S,
    };
  }

  /** Drops access tokens a day past expiry so long-running sandboxes do not grow without bound. */
  private pruneExpired(now: number): void {
    if (this.access.size < 10_000) return;
    for (const [token, entry] of this.access) {
      if (entry.expiresAt < now - 86_400_000) {
        this.access.delete(token);
        entry.grant.accessTokens.delete(token);
      }
    }
  }
}

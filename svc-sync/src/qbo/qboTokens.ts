import type { Logger } from '@printpool/service-kit';
import type { Connection, ConnectionStore } from '../db/connectionStore.js';
import { QboReauthorizationRequired } from './qboErrors.js';
import type { TokenSet } from '../domain/tokenSet.js';
import type { QboOAuth } from './qboOAuth.js';

/** Refresh this long before the access token's stated expiry, so a request never races it. */
const EXPIRY_MARGIN_MS = 60_000;

export class NotConnectedError extends Error {
  constructor() {
    super('Not connected to QuickBooks');
    this.name = 'NotConnectedError';
  }
}

export interface ActiveConnection extends Connection {
  tokens: TokenSet;
}

/**
 * Hands out usable access tokens. Refreshes are single-flight per tenant: every request that
 * finds the token expired (or gets a 401) waits for the same refresh. Across replicas, a
 * refresh that loses the race sees invalid_grant, re-reads the row and uses the winner's tokens.
 */
export class QboTokens {
  private readonly refreshing = new Map<string, Promise<ActiveConnection>>();

  constructor(
    private readonly connections: ConnectionStore,
    private readonly oauth: QboOAuth,
    private readonly logger: Logger,
  ) {}

  async current(tenantId: string): Promise<ActiveConnection> {
    const connection = await this.load(tenantId);
    if (connection.tokens.accessExpiresAt.getTime() - Date.now() > EXPIRY_MARGIN_MS) return connection;
    return this.refresh(tenantId, connection.tokens.accessToken);
  }

  /** A token newer than `staleAccessToken`: another caller's fresh one, or a new refresh's. */
  refresh(tenantId: string, staleAccessToken: string): Promise<ActiveConnection> {
    const pending = this.refreshing.get(tenantId);
    if (pending) return pending;
    const refresh = this.refreshNow(tenantId, staleAccessToken).finally(() => this.refreshing.delete(tenantId));
    this.refreshing.set(tenantId, refresh);
    return refresh;
  }

  private async refreshNow(tenantId: string, staleAccessToken: string): Promise<ActiveConnection> {
    const connection = await this.load(tenantId);
    if (connection.tokens.accessToken !== staleAccessToken && connection.tokens.accessExpiresAt.getTime() - Date.now() > EXPIRY_MARGIN_MS) {
      return connection;
    }
    const previous = connection.tokens.refreshToken;
    try {
      const tokens = await this.oauth.refresh(previous);
      if (await this.connections.replaceTokens(tenantId, previous, tokens)) {
        this.logger.info({ tenantId, realmId: connection.realmId }, 'QuickBooks token refreshed');
        return { ...connection, tokens };
      }
      return this.load(tenantId);
    } catch (error) {
      if (!(error instanceof QboReauthorizationRequired)) throw error;
      const latest = await this.connections.get(tenantId);
      if (latest?.tokens && latest.tokens.refreshToken !== previous) return latest as ActiveConnection;
      this.logger.warn({ tenantId, realmId: connection.realmId }, 'QuickBooks refresh token refused; the tenant must reconnect');
      await this.connections.forgetTokens(tenantId);
      throw error;
    }
  }

  private async load(tenantId: string): Promise<ActiveConnection> {
    const connection = await this.connections.get(tenantId);
    if (!connection) throw new NotConnectedError();
    if (!connection.tokens) throw new QboReauthorizationRequired();
    return connection as ActiveConnection;
  }
}

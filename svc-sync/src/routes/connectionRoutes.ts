import type { QuickbooksConnection } from '@printpool/contracts';
import { createRouter, type ServiceRouter } from '@printpool/service-kit';
import { QboReauthorizationRequired } from '../qbo/qboErrors.js';
import { NotConnectedError } from '../qbo/qboTokens.js';
import type { SyncRouteDeps } from './deps.js';

/** `/api/quickbooks/*` connection management, behind the gateway's internal token. */
export function connectionRoutes(deps: SyncRouteDeps): ServiceRouter {
  const router = createRouter('/api/quickbooks');

  const authUrlFor = async (tenantId: string, userId: string) => deps.oauth.authorizeUrl(await deps.states.issue(tenantId, userId));

  router.get('/auth-url', async (ctx) => {
    ctx.body = { authUrl: await authUrlFor(ctx.state.caller.tenantId, ctx.state.caller.userId) };
  });

  /**
   * Connected means QuickBooks accepted the tenant's token just now: the status asks for
   * the company info, refreshing the token on the way when needed. A refused refresh means
   * reconnecting (connected false, hasRealmId true). When QuickBooks cannot be reached the
   * stored tokens are trusted.
   */
  router.get('/status', async (ctx) => {
    const { tenantId } = ctx.state.caller;
    const connection = await deps.connections.get(tenantId);
    let status: QuickbooksConnection = { connected: false, hasRealmId: Boolean(connection), companyName: connection?.companyName ?? null };
    if (connection?.tokens) {
      try {
        const info = await deps.client.companyInfo(tenantId);
        if (info.body.companyName && info.body.companyName !== connection.companyName) await deps.connections.setCompanyName(tenantId, info.body.companyName);
        status = { ...status, connected: true, companyName: info.body.companyName ?? connection.companyName };
      } catch (error) {
        if (error instanceof NotConnectedError) status = { connected: false, hasRealmId: false, companyName: null };
        else if (!(error instanceof QboReauthorizationRequired)) {
          deps.logger.warn({ tenantId, err: error instanceof Error ? error.message : String(error) }, 'QuickBooks unreachable for the status check');
          status = { ...status, connected: true };
        }
      }
    }
    ctx.body = status;
  });

  router.post('/connect', async (ctx) => {
    const { tenantId, userId } = ctx.state.caller;
    const connection = await deps.connections.get(tenantId);
    if (connection?.tokens) {
      try {
        await deps.tokens.refresh(tenantId, connection.tokens.accessToken);
        ctx.body = { action: 'token_refreshed' };
        return;
      } catch (error) {
        if (!(error instanceof QboReauthorizationRequired || error instanceof NotConnectedError)) throw error;
      }
    }
    ctx.body = { action: 'authorize', authUrl: await authUrlFor(tenantId, userId) };
  });

  router.post('/disconnect', async (ctx) => {
    const { tenantId } = ctx.state.caller;
    const connection = await deps.connections.get(tenantId);
    if (connection?.tokens) {
      await deps.oauth.revoke(connection.tokens.refreshToken).catch((error: unknown) => {
        // The grant is forgotten here either way; the user can also remove the app at Intuit.
        deps.logger.warn({ tenantId, err: error instanceof Error ? error.message : String(error) }, 'QuickBooks revoke failed');
      });
    }
    await deps.connections.remove(tenantId);
    await deps.cursors.clear(tenantId);
    ctx.body = { disconnected: true };
  });

  return router;
}

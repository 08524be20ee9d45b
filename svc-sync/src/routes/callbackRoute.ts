import { createRouter, type ServiceRouter } from '@printpool/service-kit';
import { connectionEstablishedEvent } from '../events/accountingEvents.js';
import type { SyncRouteDeps } from './deps.js';

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');

/**
 * Intuit's redirect after consent. It carries no internal token (the gateway forwards it
 * as is): the single-use `state` is what ties it to the tenant and user who asked.
 */
export function callbackRoute(deps: SyncRouteDeps): ServiceRouter {
  const router = createRouter('/api/quickbooks');

  router.get('/callback', async (ctx) => {
    const code = one(ctx.query.code);
    const realmId = one(ctx.query.realmId);
    const caller = await deps.states.consume(one(ctx.query.state));
    if (!caller || !code || !realmId || ctx.query.error) {
      deps.logger.warn(
        { reason: caller ? one(ctx.query.error) || 'missing code or realmId' : 'unknown, expired or used state' },
        'QuickBooks callback refused',
      );
      ctx.redirect('/?qbo=error');
      return;
    }
    const { tenantId, userId } = caller;
    let tokens;
    try {
      tokens = await deps.oauth.exchangeCode(code, realmId);
    } catch (error) {
      deps.logger.warn({ tenantId, realmId, err: error instanceof Error ? error.message : String(error) }, 'QuickBooks code exchange failed');
      ctx.redirect('/?qbo=error');
      return;
    }
    const previous = await deps.connections.get(tenantId);
    if (previous && previous.realmId !== realmId) await deps.cursors.clear(tenantId);
    await deps.connections.save(tenantId, userId, realmId, previous?.realmId === realmId ? previous.companyName : null, tokens);

    let companyName: string | null = null;
    try {
      companyName = (await deps.client.companyInfo(tenantId)).body.companyName;
    } catch (error) {
      deps.logger.warn({ tenantId, realmId, err: error instanceof Error ? error.message : String(error) }, 'company info unavailable after connecting');
    }
    await deps.writer.commit([connectionEstablishedEvent(tenantId, realmId, companyName)], async (trx) => {
      if (companyName) await deps.connections.setCompanyName(tenantId, companyName, trx);
    });
    deps.logger.info({ tenantId, realmId }, 'QuickBooks connected');
    ctx.redirect('/dashboard?qbo=connected');
  });

  return router;
}

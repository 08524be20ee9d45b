import { BulkDetectionInputSchema } from '@printpool/contracts';
import { conflict, createRouter, parseInput, requestBody, type ServiceRouter } from '@printpool/service-kit';
import { countBulkDocuments } from '../db/bulkDocuments.js';
import type { SyncRouteDeps } from './deps.js';

/**
 * Settings → Test Detection: how many of the tenant's mirrored purchase orders and estimates
 * the given markers would make bulk, before the broker saves them and runs a full sync.
 */
export function bulkDetectionRoute(deps: SyncRouteDeps): ServiceRouter {
  const router = createRouter();

  router.post('/api/quickbooks/test-bulk-detection', async (ctx) => {
    const { bulkPoSuffix, bulkEstimateSuffix } = parseInput(BulkDetectionInputSchema, requestBody(ctx));
    const { tenantId } = ctx.state.caller;
    const connection = await deps.connections.get(tenantId);
    if (!connection) throw conflict('Not connected to QuickBooks');
    const scope = (entity: string) => ({ tenantId, realmId: connection.realmId, entity });
    const [bulkPOsDetected, bulkEstimatesDetected] = await Promise.all([
      countBulkDocuments(deps.knex, scope('PurchaseOrder'), bulkPoSuffix),
      countBulkDocuments(deps.knex, scope('Estimate'), bulkEstimateSuffix),
    ]);
    ctx.body = { bulkPOsDetected, bulkEstimatesDetected };
  });

  return router;
}

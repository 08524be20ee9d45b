import { QUICKBOOKS_ROUTES } from '@printpool/contracts';
import { createServiceApp, type Database, type ServiceApp, type ServiceContext } from '@printpool/service-kit';
import { bulkDetectionRoute } from './routes/bulkDetectionRoute.js';
import { callbackRoute } from './routes/callbackRoute.js';
import { connectionRoutes } from './routes/connectionRoutes.js';
import type { SyncRouteDeps } from './routes/deps.js';
import { syncRoutes } from './routes/syncRoutes.js';
import { webhookRoute } from './routes/webhookRoute.js';
import { writeBackRoute } from './routes/writeBackRoute.js';

export interface SyncAppOptions extends Pick<ServiceContext, 'internalTokenSecret' | 'acceptedInternalTokenSecrets'> {
  deps: SyncRouteDeps;
  db: Database;
}

/** The sync service's HTTP app: the QuickBooks Online connection, full, incremental and webhook sync. */
export function createSyncApp({ deps, db, internalTokenSecret, acceptedInternalTokenSecrets }: SyncAppOptions): ServiceApp {
  return createServiceApp({
    name: 'svc-sync',
    logger: deps.logger,
    internalTokenSecret,
    acceptedInternalTokenSecrets,
    readiness: () => db.ping(),
    // Intuit calls these two directly (through the gateway, without an internal token).
    publicRouters: [callbackRoute(deps), webhookRoute(deps)],
    routers: [connectionRoutes(deps), syncRoutes(deps), bulkDetectionRoute(deps), writeBackRoute(deps)],
    routes: QUICKBOOKS_ROUTES,
  });
}

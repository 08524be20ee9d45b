import { createServiceApp, type ServiceApp, type ServiceContext } from '@printpool/service-kit';

/** The sync service's HTTP app: the QuickBooks Online connection, full, incremental and webhook sync, and estimate write-back. */
export function createSyncApp(context: ServiceContext): ServiceApp {
  return createServiceApp({
    name: 'svc-sync',
    logger: context.logger,
    internalTokenSecret: context.internalTokenSecret,
    readiness: () => context.db.ping(),
    routers: [],
  });
}

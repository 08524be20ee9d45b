import { createServiceApp, type ServiceApp, type ServiceContext } from '@printpool/service-kit';

/** The inventory service's HTTP app: catalog (customers, vendors, items), purchase orders, sales orders, the allocation ledger and pull tickets. */
export function createInventoryApp(context: ServiceContext): ServiceApp {
  return createServiceApp({
    name: 'svc-inventory',
    logger: context.logger,
    internalTokenSecret: context.internalTokenSecret,
    readiness: () => context.db.ping(),
    routers: [],
  });
}

import { createServiceApp, type ServiceApp, type ServiceContext } from '@printpool/service-kit';

/** The documents service's HTTP app: PDF rendering, e-mail, the communication log and attachments. */
export function createDocumentsApp(context: ServiceContext): ServiceApp {
  return createServiceApp({
    name: 'svc-documents',
    logger: context.logger,
    internalTokenSecret: context.internalTokenSecret,
    readiness: () => context.db.ping(),
    routers: [],
  });
}

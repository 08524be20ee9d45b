import { DOCUMENTS_ROUTES } from '@printpool/contracts';
import { createServiceApp, type ServiceApp, type ServiceContext } from '@printpool/service-kit';
import type { DocumentsDeps } from './deps.js';
import { attachmentRoutes } from './routes/attachmentRoutes.js';
import { emailLogRoutes } from './routes/emailLogRoutes.js';
import { alertDigestMailRoutes } from './routes/alertDigestMailRoutes.js';
import { emailRoutes } from './routes/emailRoutes.js';
import { statementScheduleRoutes } from './routes/statementScheduleRoutes.js';
import { invitationMailRoutes } from './routes/invitationMailRoutes.js';
import { pdfRoutes } from './routes/pdfRoutes.js';
import { shipmentNotificationRoutes } from './routes/shipmentNotificationRoutes.js';

/** The documents service's HTTP app: PDF rendering, e-mail, the communication log and attachments. */
export function createDocumentsApp(deps: DocumentsDeps, tokens: Pick<ServiceContext, 'internalTokenSecret' | 'acceptedInternalTokenSecrets'>): ServiceApp {
  return createServiceApp({
    name: 'svc-documents',
    logger: deps.logger,
    internalTokenSecret: tokens.internalTokenSecret,
    acceptedInternalTokenSecrets: tokens.acceptedInternalTokenSecrets,
    readiness: () => deps.db.ping(),
    routers: [pdfRoutes(deps), emailRoutes(deps), statementScheduleRoutes(deps), emailLogRoutes(deps), attachmentRoutes(deps)],
    internalRouters: [shipmentNotificationRoutes(deps), invitationMailRoutes(deps), alertDigestMailRoutes(deps)],
    routes: DOCUMENTS_ROUTES,
  });
}

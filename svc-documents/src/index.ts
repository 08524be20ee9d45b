import { createServiceClient, startOutboxRelay, type OutboxRelay, type ServiceModule, type Subscription } from '@printpool/service-kit';
import { createDocumentsApp } from './app.js';
import { ATTACHMENT_SETTINGS, attachmentStoreFromEnv } from './attachments/storeFromEnv.js';
import { MAIL_SETTINGS, readConfig } from './config.js';
import { migrations } from './db/migrations/index.js';
import { subscribeProfileConsumer } from './events/profileConsumers.js';
import { createDocumentsSource } from './inventory/documentsSource.js';
import { createMailer } from './smtp/mailer.js';
import { watchResendQueue } from './mail/mailMetrics.js';
import { startMailResender, type MailResender } from './mail/mailResender.js';
import { startStatementScheduler, type StatementScheduler } from './statements/statementScheduler.js';
import type { DocumentsDeps } from './deps.js';

export { migrations } from './db/migrations/index.js';
export { renderPullTicketPdf } from './pdf/pullTicketPdf.js';
export { pullTicketDocument, type PullTicketDocument } from './inventory/documentsSource.js';
export type { DocumentLine } from './domain/lines.js';
export type { TenantProfile } from './db/tenantProfiles.js';
export { startDevMailbox, type DevMailbox, type DevMailboxOptions, type ReceivedMail } from './devMailbox/index.js';

/** Every variable svc-documents declares, for docs/configuration.md. */
export const DOCUMENTS_SETTINGS = [MAIL_SETTINGS, ATTACHMENT_SETTINGS] as const;

/**
 * The documents service. start() subscribes the tenant-profile consumer (fax number, company
 * name for PDF letterheads) and starts the outbox relay publishing documents.email.* events.
 */
export const documentsService: ServiceModule = {
  name: 'svc-documents',
  schema: 'documents',
  migrations,
  requiredEnv: ['SMTP_URL'],
  peers: ['INVENTORY_URL'],
  create: (context) => {
    const config = readConfig(context.env);
    let relay: OutboxRelay | undefined;
    let subscription: Subscription | undefined;
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      attempts: config.mailAttempts,
      baseDelayMs: config.mailRetryBaseMs,
      timeoutMs: config.smtpTimeoutMs,
    });
    const deps: DocumentsDeps = {
      db: context.db,
      source: createDocumentsSource(
        createServiceClient({
          from: 'svc-documents',
          to: 'inventory',
          baseUrl: config.inventoryUrl,
          secret: context.internalTokenSecret,
          timeoutMs: config.serviceTimeoutMs,
        }),
      ),
      mailer,
      config,
      attachments: attachmentStoreFromEnv(context.env, config.attachmentsDir),
      logger: context.logger,
      afterCommit: () => void relay?.publishNow(),
      resend: config.mailResend,
    };
    let resender: MailResender | undefined;
    let statements: StatementScheduler | undefined;
    let unwatchResendQueue = () => undefined as void;
    return {
      app: createDocumentsApp(deps, context),
      async start() {
        relay = startOutboxRelay({ db: context.db, bus: context.bus, logger: context.logger });
        subscription = await subscribeProfileConsumer(context.db, context.bus);
        resender = startMailResender(deps, Math.min(5_000, config.mailResend.baseDelayMs));
        unwatchResendQueue = watchResendQueue(context.db.knex);
        statements = startStatementScheduler(deps, config.statementScheduleMs);
      },
      async stop() {
        unwatchResendQueue();
        await statements?.stop();
        await resender?.stop();
        await subscription?.stop();
        await relay?.stop();
        mailer.close();
      },
    };
  },
};

import type { Database, Logger } from '@printpool/service-kit';
import type { AttachmentStore } from './attachments/attachmentStore.js';
import type { DocumentsConfig } from './config.js';
import type { DocumentsSource } from './inventory/documentsSource.js';
import type { ResendPolicy } from './domain/retry.js';
import type { Mailer } from './smtp/mailer.js';

/** What the routes work with; built once per service instance in app.ts. */
export interface DocumentsDeps {
  db: Database;
  source: DocumentsSource;
  mailer: Mailer;
  config: DocumentsConfig;
  /** Where uploads are kept: local disk or an S3-compatible bucket (attachments/storeFromEnv.ts). */
  attachments: AttachmentStore;
  logger: Logger;
  afterCommit: () => void;
  resend: ResendPolicy;
}

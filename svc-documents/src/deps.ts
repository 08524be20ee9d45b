import type { Database, Logger } from '@printpool/service-kit';
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
  logger: Logger;
  afterCommit: () => void;
  resend: ResendPolicy;
}

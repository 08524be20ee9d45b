import path from 'node:path';
import { envNumber, envString } from '@printpool/service-kit';

export interface DocumentsConfig {
  inventoryUrl: string | undefined;
  smtpUrl: string;
  mailFrom: string;
  mailAttempts: number;
  mailRetryBaseMs: number;
  attachmentsDir: string;
  /** Largest accepted upload (spec §9: 10 MB). */
  maxUploadBytes: number;
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export function readConfig(env: NodeJS.ProcessEnv): DocumentsConfig {
  return {
    inventoryUrl: env.INVENTORY_URL,
    smtpUrl: envString(env, 'SMTP_URL', 'smtp://127.0.0.1:2525'),
    mailFrom: envString(env, 'MAIL_FROM', 'PrintPool <no-reply@printpool.local>'),
    mailAttempts: envNumber(env, 'MAIL_ATTEMPTS', 3),
    mailRetryBaseMs: envNumber(env, 'MAIL_RETRY_BASE_MS', 500),
    attachmentsDir: path.resolve(envString(env, 'ATTACHMENTS_DIR', path.join(envString(env, 'DATA_DIR', '.data'), 'attachments'))),
    maxUploadBytes: MAX_UPLOAD_BYTES,
  };
}

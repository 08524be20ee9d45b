import path from 'node:path';
import { DEFAULT_SERVICE_TIMEOUT_MS, envNumber, envString } from '@printpool/service-kit';
import type { ResendPolicy } from './domain/retry.js';

export interface DocumentsConfig {
  inventoryUrl: string | undefined;
  smtpUrl: string;
  mailFrom: string;
  mailAttempts: number;
  mailRetryBaseMs: number;
  /** How long the mail server may stay silent, connecting, greeting or mid-message (SMTP_TIMEOUT_MS). */
  smtpTimeoutMs: number;
  /** How long svc-inventory may take to answer (SERVICE_TIMEOUT_MS). */
  serviceTimeoutMs: number;
  /** How a mail whose send failed is sent again later (MAIL_RESEND_BASE_MS, MAIL_MAX_RESENDS, MAIL_ABANDONED_AFTER_MS). */
  mailResend: ResendPolicy;
  /** How long after an e-mail went out the same message, sent again without an Idempotency-Key, is taken for a retry (MAIL_REPEAT_WINDOW_MS). */
  mailRepeatWindowMs: number;
  attachmentsDir: string;
  /** Largest accepted upload (docs/product.md §9: 10 MB). */
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
    smtpTimeoutMs: envNumber(env, 'SMTP_TIMEOUT_MS', 15_000),
    serviceTimeoutMs: envNumber(env, 'SERVICE_TIMEOUT_MS', DEFAULT_SERVICE_TIMEOUT_MS),
    mailResend: {
      baseDelayMs: envNumber(env, 'MAIL_RESEND_BASE_MS', 60_000),
      maxResends: envNumber(env, 'MAIL_MAX_RESENDS', 10),
      abandonedAfterMs: envNumber(env, 'MAIL_ABANDONED_AFTER_MS', 10 * 60_000),
    },
    mailRepeatWindowMs: envNumber(env, 'MAIL_REPEAT_WINDOW_MS', 2 * 60_000),
    attachmentsDir: path.resolve(envString(env, 'ATTACHMENTS_DIR', path.join(envString(env, 'DATA_DIR', '.data'), 'attachments'))),
    maxUploadBytes: MAX_UPLOAD_BYTES,
  };
}

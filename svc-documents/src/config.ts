import path from 'node:path';
import { defineSettings, PROCESS_SETTINGS } from '@printpool/service-kit';
import { ATTACHMENT_SETTINGS } from './attachments/storeFromEnv.js';
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
  /** How often the monthly statements owed are looked for and sent (STATEMENT_SCHEDULE_MINUTES; 0: never). */
  statementScheduleMs: number;
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** How svc-documents sends mail. */
export const MAIL_SETTINGS = defineSettings(
  { part: 'processes', usedBy: 'svc-documents' },
  {
    SMTP_URL: {
      default: 'smtp://127.0.0.1:2525',
      secret: true,
      unset:
        'the launchers run a dev mailbox instead (all-in-one: `/dev/mailbox` on the main port; distributed: `/dev/mailbox` on loopback port `SERVICE_BASE_PORT` + 20, by default http://127.0.0.1:3120/dev/mailbox); svc-documents run alone requires it',
      description: 'outgoing mail server',
    },
    MAIL_FROM: { default: 'PrintPool <no-reply@printpool.local>', description: 'the sender of every e-mail' },
    MAIL_ATTEMPTS: { default: 3, rarelySet: true, description: 'attempts of one send, `MAIL_RETRY_BASE_MS` apart and doubling, before it counts as failed' },
    MAIL_RETRY_BASE_MS: { default: 500, rarelySet: true, description: 'the first wait between the attempts of one send' },
    SMTP_TIMEOUT_MS: {
      default: 15_000,
      description: 'how long the mail server may stay silent before a send attempt fails (connecting and its greeting at most 5 s of it)',
    },
    MAIL_RESEND_BASE_MS: {
      default: 60_000,
      description:
        "a mail whose send failed stays logged 'failed' (shown as not delivered) and is sent again after this wait, doubled for each resend (at most an hour apart)",
    },
    MAIL_MAX_RESENDS: { default: 10, description: 'how many times a mail whose send failed is sent again before it stays failed' },
    MAIL_ABANDONED_AFTER_MS: {
      default: 10 * 60_000,
      rarelySet: true,
      description: "a mail still 'sending' this long after it was logged was cut short by a crash: it is sent again",
    },
    STATEMENT_SCHEDULE_MINUTES: {
      default: 60,
      description:
        "how often customers' monthly statements are looked for and sent once their month is over (docs/product.md §12); 0 sends none. Each month's goes once, whichever replica finds it",
    },
    MAIL_REPEAT_WINDOW_MS: {
      default: 2 * 60_000,
      rarelySet: true,
      description: 'how long after an e-mail went out the same message, sent again without an Idempotency-Key, is taken for a retry',
    },
  },
);

export function readConfig(env: NodeJS.ProcessEnv): DocumentsConfig {
  return {
    inventoryUrl: env.INVENTORY_URL,
    smtpUrl: MAIL_SETTINGS.string(env, 'SMTP_URL'),
    mailFrom: MAIL_SETTINGS.string(env, 'MAIL_FROM'),
    mailAttempts: MAIL_SETTINGS.number(env, 'MAIL_ATTEMPTS'),
    mailRetryBaseMs: MAIL_SETTINGS.number(env, 'MAIL_RETRY_BASE_MS'),
    smtpTimeoutMs: MAIL_SETTINGS.number(env, 'SMTP_TIMEOUT_MS'),
    serviceTimeoutMs: PROCESS_SETTINGS.number(env, 'SERVICE_TIMEOUT_MS'),
    mailResend: {
      baseDelayMs: MAIL_SETTINGS.number(env, 'MAIL_RESEND_BASE_MS'),
      maxResends: MAIL_SETTINGS.number(env, 'MAIL_MAX_RESENDS'),
      abandonedAfterMs: MAIL_SETTINGS.number(env, 'MAIL_ABANDONED_AFTER_MS'),
    },
    mailRepeatWindowMs: MAIL_SETTINGS.number(env, 'MAIL_REPEAT_WINDOW_MS'),
    attachmentsDir: path.resolve(ATTACHMENT_SETTINGS.optional(env, 'ATTACHMENTS_DIR') ?? path.join(PROCESS_SETTINGS.string(env, 'DATA_DIR'), 'attachments')),
    maxUploadBytes: MAX_UPLOAD_BYTES,
    statementScheduleMs: MAIL_SETTINGS.number(env, 'STATEMENT_SCHEDULE_MINUTES') * 60_000,
  };
}

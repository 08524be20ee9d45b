import { randomUUID } from 'node:crypto';
import type { EmailReferenceType } from '@printpool/contracts';
import { HttpError, type Database } from '@printpool/service-kit';
import { insertEmailLog, recordEmailLogOutcome, toEmailLog, type EmailLog, type EmailLogRow } from '../db/emailLogs.js';
import { recordEmailOutcome } from '../events/emailOutcome.js';
import type { Mailer, OutgoingMail } from './mailer.js';

export interface DeliveryDeps {
  db: Database;
  mailer: Mailer;
  /** Nudges the outbox relay once the log row and its event are committed. */
  afterCommit: () => void;
}

export interface Reference {
  type: EmailReferenceType;
  id: string;
  number: string | null;
}

/**
 * Logs the e-mail 'sending', sends it (with retries), then logs its final outcome with the
 * matching event, so no send is ever lost or unexplained: a row that cannot be written stops
 * the send (the broker sees the error and nothing went out), and a send that still fails is
 * logged 'failed' with the error and answered 502. Bodies and attachments are never logged.
 */
export async function deliver(deps: DeliveryDeps, tenantId: string, mail: OutgoingMail, reference: Reference): Promise<EmailLog> {
  const sending: EmailLogRow = {
    tenant_id: tenantId,
    id: randomUUID(),
    subject: mail.subject,
    to_email: mail.to,
    sent_at: new Date().toISOString(),
    reference_type: reference.type,
    reference_id: reference.id,
    reference_number: reference.number,
    status: 'sending',
    error: null,
    attempts: 0,
    message_id: null,
  };
  await insertEmailLog(deps.db.knex, sending);
  const outcome = await deps.mailer.send(mail);
  const row: EmailLogRow = {
    ...sending,
    sent_at: new Date().toISOString(),
    status: outcome.ok ? 'sent' : 'failed',
    error: outcome.ok ? null : outcome.error,
    attempts: outcome.attempts,
    message_id: outcome.ok ? outcome.messageId : null,
  };
  const log = toEmailLog(row);
  await deps.db.knex.transaction(async (trx) => {
    await recordEmailLogOutcome(trx, row);
    await recordEmailOutcome(trx, tenantId, {
      emailLogId: log.id,
      subject: log.subject,
      toEmail: log.toEmail,
      referenceType: log.referenceType,
      referenceId: log.referenceId,
      referenceNumber: log.referenceNumber,
      attempts: log.attempts,
      sentAt: log.sentAt,
      messageId: row.message_id,
      error: row.error,
    });
  });
  deps.afterCommit();
  if (!outcome.ok) {
    throw new HttpError(502, `Failed to send email to ${mail.to} after ${outcome.attempts} attempts: ${outcome.error}`, 'MAIL_SEND_FAILED', { emailLog: log });
  }
  return log;
}

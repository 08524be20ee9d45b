import { randomUUID } from 'node:crypto';
import type { EmailReferenceType } from '@printpool/contracts';
import { HttpError, type Database } from '@printpool/service-kit';
import { insertEmailLog, toEmailLog, type EmailLog, type EmailLogRow } from '../db/emailLogs.js';
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
 * Sends an e-mail (with retries) and logs its final outcome with the matching event, so no
 * send is ever lost: a send that still fails is logged 'failed' with the error and answered
 * 502. Bodies and attachments are never logged.
 */
export async function deliver(deps: DeliveryDeps, tenantId: string, mail: OutgoingMail, reference: Reference): Promise<EmailLog> {
  const outcome = await deps.mailer.send(mail);
  const row: EmailLogRow = {
    tenant_id: tenantId,
    id: randomUUID(),
    subject: mail.subject,
    to_email: mail.to,
    sent_at: new Date().toISOString(),
    reference_type: reference.type,
    reference_id: reference.id,
    reference_number: reference.number,
    status: outcome.ok ? 'sent' : 'failed',
    error: outcome.ok ? null : outcome.error,
    attempts: outcome.attempts,
    message_id: outcome.ok ? outcome.messageId : null,
  };
  const log = toEmailLog(row);
  await deps.db.knex.transaction(async (trx) => {
    await insertEmailLog(trx, row);
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

import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { EmailReferenceType } from '@printpool/contracts';
import { HttpError, type CallerIdentity, type Database } from '@printpool/service-kit';
import type { EmailLog } from '@printpool/contracts';
import { insertEmailLog, recordEmailLogOutcome, toEmailLog, type EmailLogRow } from '../db/emailLogs.js';
import { enqueueMail, removeQueuedMail, rescheduleMail } from '../db/mailOutbox.js';
import { readTenantProfile } from '../db/tenantProfiles.js';
import { recordEmailOutcome } from '../events/emailOutcome.js';
import { recordStatementSent } from '../events/statementSent.js';
import { resendDelayMs, type ResendPolicy } from '../domain/retry.js';
import type { Mailer, OutgoingMail, SendOutcome } from '../smtp/mailer.js';
import { countMailSend } from './mailMetrics.js';

export interface DeliveryDeps {
  db: Database;
  mailer: Mailer;
  /** Nudges the outbox relay once the log row and its event are committed. */
  afterCommit: () => void;
  /** When a failed mail is sent again: `resendDelayMs(resends)` after its last failure. */
  resend: ResendPolicy;
}

export interface Reference {
  type: EmailReferenceType;
  id: string;
  number: string | null;
}

/** How a send stands: out, or queued for the resender (mailResender.ts) with its next attempt. */
export type Delivery =
  { status: 'sent'; emailLog: EmailLog; repeated: boolean } | { status: 'queued'; emailLog: EmailLog; nextAttemptAt: Date; repeated: boolean };

/**
 * Logs the e-mail 'sending' and keeps it in the mail outbox, sends it (with retries), then
 * logs its outcome with the matching event. Nothing is lost or unexplained: a row that cannot
 * be written stops the send (nothing went out); a send that still fails is logged 'failed'
 * with the error and answered queued: the resender (mailResender.ts) sends it again, so no
 * caller is told it failed and sends it twice. Only a send given up at once (MAIL_MAX_RESENDS=0)
 * is an error. Each browser send is also made once per key (deliverOnce.ts).
 */
export async function deliver(deps: DeliveryDeps, caller: CallerIdentity, outgoing: OutgoingMail, reference: Reference): Promise<Delivery> {
  return settle(deps, (await startDelivery(deps, caller, outgoing, reference))!);
}

/** Sends a started delivery and says how it stands. */
export async function settle(deps: DeliveryDeps, started: StartedDelivery): Promise<Delivery> {
  const { settled, outcome } = await sendLogged(deps, started);
  const emailLog = toEmailLog(settled.row);
  if (outcome.ok) return { status: 'sent', emailLog, repeated: false };
  if (settled.nextAttemptAt) return { status: 'queued', emailLog, nextAttemptAt: settled.nextAttemptAt, repeated: false };
  throw new HttpError(502, `Failed to send email to ${started.mail.to} after ${outcome.attempts} attempts: ${outcome.error}`, 'MAIL_SEND_FAILED', { emailLog });
}

/** A mail logged 'sending' and kept in the mail outbox, not yet handed to the mail server. */
export interface StartedDelivery {
  sending: EmailLogRow;
  mail: OutgoingMail;
}

/**
 * Writes the 'sending' log row and the mail outbox entry in one transaction, and with them
 * whatever `claim` writes (a send's key, deliverOnce.ts): when it answers false, nothing is
 * written and the answer is null. Bodies and attachments are never logged; the member who
 * sends it is (docs/product.md §10).
 */
export async function startDelivery(
  deps: DeliveryDeps,
  caller: CallerIdentity,
  outgoing: OutgoingMail,
  reference: Reference,
  claim: (trx: Knex.Transaction, emailLogId: string) => Promise<boolean> = async () => true,
): Promise<StartedDelivery | null> {
  const { tenantId } = caller;
  const mail = await withReplyTo(deps, tenantId, outgoing);
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
    sent_by: caller.memberName ?? null,
  };
  const claimed = await deps.db.knex.transaction(async (trx) => {
    if (!(await claim(trx, sending.id))) return false;
    await insertEmailLog(trx, sending);
    await enqueueMail(trx, { emailLogId: sending.id, tenantId, mail, nextAttemptAt: new Date(Date.now() + deps.resend.abandonedAfterMs) });
    return true;
  });
  return claimed ? { sending, mail } : null;
}

/** Hands a started delivery to the mail server and records how it went. */
export async function sendLogged(deps: DeliveryDeps, { sending, mail }: StartedDelivery): Promise<{ settled: Settled; outcome: SendOutcome }> {
  const outcome = await deps.mailer.send(mail);
  return { settled: await settleDelivery(deps, sending, outcome, 0), outcome };
}

/**
 * Every mail answers to the broker: From is MAIL_FROM (often a no-reply address the SMTP
 * server lets us send as), so a vendor or customer pressing Reply reaches the e-mail of the
 * broker's QuickBooks company (CompanyInfo, mirrored in tenant_profiles), or, when QuickBooks
 * has none, the e-mail of the broker's PrintPool account.
 */
async function withReplyTo(deps: Pick<DeliveryDeps, 'db'>, tenantId: string, mail: OutgoingMail): Promise<OutgoingMail> {
  if (mail.replyTo) return mail;
  const { email, accountEmail } = await readTenantProfile(deps.db.knex, tenantId);
  const replyTo = email ?? accountEmail;
  return replyTo ? { ...mail, replyTo } : mail;
}

/** A logged mail's row after a send, and when the mail outbox sends it again (null once sent or given up). */
export interface Settled {
  row: EmailLogRow;
  nextAttemptAt: Date | null;
}

/**
 * Records how a send of a logged mail went, in one transaction: the log row, the event, and the
 * mail outbox (gone once sent or given up, due again after a failure). A resend that fails
 * again changes the row, not the events: `documents.email.failed` is told once, when the first
 * send failed, and `documents.email.sent` when one finally goes out, with
 * `inventory.statement.sent` for a customer's statement (docs/product.md §12).
 */
export async function settleDelivery(deps: DeliveryDeps, logged: EmailLogRow, outcome: SendOutcome, resends: number): Promise<Settled> {
  const givenUp = !outcome.ok && resends >= deps.resend.maxResends;
  const nextAttemptAt = new Date(Date.now() + resendDelayMs(deps.resend, resends));
  const row: EmailLogRow = {
    ...logged,
    sent_at: new Date().toISOString(),
    status: outcome.ok ? 'sent' : 'failed',
    error: outcome.ok
      ? null
      : givenUp
        ? `${outcome.error} (given up after ${resends} resends)`
        : `${outcome.error} (sending again at ${nextAttemptAt.toISOString()})`,
    attempts: logged.attempts + outcome.attempts,
    message_id: outcome.ok ? outcome.messageId : null,
  };
  await deps.db.knex.transaction(async (trx) => {
    await recordEmailLogOutcome(trx, row);
    if (outcome.ok || givenUp) await removeQueuedMail(trx, row.id);
    else await rescheduleMail(trx, row.id, resends, nextAttemptAt);
    if (outcome.ok || resends === 0) {
      await recordEmailOutcome(trx, row.tenant_id, {
        emailLogId: row.id,
        subject: row.subject,
        toEmail: row.to_email,
        referenceType: row.reference_type,
        referenceId: row.reference_id,
        referenceNumber: row.reference_number,
        attempts: row.attempts,
        sentAt: new Date(row.sent_at).toISOString(),
        messageId: row.message_id,
        error: row.error,
      });
    }
    if (outcome.ok && row.reference_type === 'STATEMENT') await recordStatementSent(trx, row, outcome.messageId);
  });
  deps.afterCommit();
  countMailSend(outcome.ok, givenUp);
  return { row, nextAttemptAt: outcome.ok || givenUp ? null : nextAttemptAt };
}

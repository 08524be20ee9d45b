import type { Knex } from 'knex';
import type { OutgoingMail } from '../smtp/mailer.js';

/** A mail as stored until sent: attachments as base64, so the resend carries exactly the same files. */
interface StoredMail {
  to: string;
  subject: string;
  text: string;
  /** Absent on mails queued before Reply-To was set. */
  replyTo?: string;
  attachments: Array<{ filename: string; contentType: string; base64: string }>;
}

export interface QueuedMail {
  emailLogId: string;
  tenantId: string;
  mail: OutgoingMail;
  resends: number;
}

const toStored = (mail: OutgoingMail): StoredMail => ({
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
  attachments: (mail.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, base64: a.content.toString('base64') })),
});

const fromStored = (stored: StoredMail): OutgoingMail => ({
  to: stored.to,
  subject: stored.subject,
  text: stored.text,
  ...(stored.replyTo ? { replyTo: stored.replyTo } : {}),
  attachments: stored.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.base64, 'base64') })),
});

export async function enqueueMail(
  trx: Knex | Knex.Transaction,
  row: { emailLogId: string; tenantId: string; mail: OutgoingMail; nextAttemptAt: Date },
): Promise<void> {
  await trx('mail_outbox').insert({
    email_log_id: row.emailLogId,
    tenant_id: row.tenantId,
    message: JSON.stringify(toStored(row.mail)),
    next_attempt_at: row.nextAttemptAt,
  });
}

export async function removeQueuedMail(trx: Knex | Knex.Transaction, emailLogId: string): Promise<void> {
  await trx('mail_outbox').where({ email_log_id: emailLogId }).delete();
}

export async function rescheduleMail(trx: Knex | Knex.Transaction, emailLogId: string, resends: number, nextAttemptAt: Date): Promise<void> {
  await trx('mail_outbox').where({ email_log_id: emailLogId }).update({ resends, next_attempt_at: nextAttemptAt });
}

/**
 * Claims the next mail due for a resend: its next attempt moves `leaseMs` ahead in the same
 * statement, so another replica (or the next tick) does not take it while it is being sent.
 */
export async function claimDueMail(knex: Knex, leaseMs: number): Promise<QueuedMail | undefined> {
  const rows: { email_log_id: string; tenant_id: string; message: StoredMail; resends: number }[] = await knex
    .raw(
      `UPDATE mail_outbox SET next_attempt_at = now() + (? * interval '1 millisecond')
     WHERE email_log_id = (SELECT email_log_id FROM mail_outbox WHERE next_attempt_at <= now() ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING email_log_id, tenant_id, message, resends`,
      [leaseMs],
    )
    .then((result: { rows: never[] }) => result.rows);
  const row = rows[0];
  if (!row) return undefined;
  const message = typeof row.message === 'string' ? (JSON.parse(row.message) as StoredMail) : row.message;
  return { emailLogId: row.email_log_id, tenantId: row.tenant_id, mail: fromStored(message), resends: row.resends };
}

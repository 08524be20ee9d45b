import type { Knex } from 'knex';
import type { EmailLog, EmailReferenceType } from '@printpool/contracts';

export interface EmailLogRow {
  tenant_id: string;
  id: string;
  subject: string;
  to_email: string;
  sent_at: Date | string;
  reference_type: EmailReferenceType;
  reference_id: string;
  reference_number: string | null;
  status: EmailStatus;
  error: string | null;
  attempts: number;
  message_id: string | null;
  /** The member who sent it (docs/product.md §10); null before members were named (migration 009). */
  sent_by: string | null;
}

/** 'sending' from the moment the row is written until the mail server answered. */
export type EmailStatus = EmailLog['status'];

export function toEmailLog(row: EmailLogRow): EmailLog {
  return {
    id: row.id,
    subject: row.subject,
    toEmail: row.to_email,
    sentAt: new Date(row.sent_at).toISOString(),
    referenceType: row.reference_type,
    referenceId: row.reference_id,
    referenceNumber: row.reference_number,
    status: row.status,
    error: row.error,
    attempts: row.attempts,
    sentBy: row.sent_by,
  };
}

export async function insertEmailLog(knex: Knex | Knex.Transaction, row: EmailLogRow): Promise<void> {
  await knex('email_logs').insert(row);
}

export async function readEmailLogRow(knex: Knex, tenantId: string, id: string): Promise<EmailLogRow | undefined> {
  return knex<EmailLogRow>('email_logs').where({ tenant_id: tenantId, id }).first();
}

/** The mail server's answer for a row logged 'sending'. */
export async function recordEmailLogOutcome(trx: Knex.Transaction, row: EmailLogRow): Promise<void> {
  const { status, error, attempts, message_id, sent_at } = row;
  await trx('email_logs').where({ tenant_id: row.tenant_id, id: row.id }).update({ status, error, attempts, message_id, sent_at });
}

/** Adds a note to a sent e-mail's row, e.g. that inventory could not record the ticket as sent. */
export async function noteEmailLogError(knex: Knex, tenantId: string, id: string, error: string): Promise<void> {
  await knex('email_logs').where({ tenant_id: tenantId, id }).update({ error });
}

/** The tenant's newest `limit` entries, only those of one document when `reference` names it. */
export async function listEmailLogs(
  knex: Knex,
  tenantId: string,
  limit: number,
  reference: { type: EmailReferenceType; id: string } | null = null,
): Promise<EmailLog[]> {
  const rows = await knex<EmailLogRow>('email_logs')
    .where({ tenant_id: tenantId, ...(reference ? { reference_type: reference.type, reference_id: reference.id } : {}) })
    .orderBy([
      { column: 'sent_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
  return rows.map(toEmailLog);
}

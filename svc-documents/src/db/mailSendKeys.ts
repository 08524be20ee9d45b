import type { Knex } from 'knex';
import type { EmailLogRow } from './emailLogs.js';

/** The send a key names, as it stands now. */
export interface KeyedSend {
  emailLog: EmailLogRow;
  derived: boolean;
  /** When the mail outbox sends it again; null once it went out or was given up. */
  nextAttemptAt: Date | null;
}

export interface SendKey {
  tenantId: string;
  key: string;
  derived: boolean;
}

export async function readKeyedSend(knex: Knex, tenantId: string, key: string): Promise<KeyedSend | undefined> {
  const row: (EmailLogRow & { derived: boolean; next_attempt_at: Date | string | null }) | undefined = await knex('mail_send_keys as k')
    .join('email_logs as l', (on) => on.on('l.tenant_id', 'k.tenant_id').andOn('l.id', 'k.email_log_id'))
    .leftJoin('mail_outbox as o', (on) => on.on('o.tenant_id', 'k.tenant_id').andOn('o.email_log_id', 'k.email_log_id'))
    .where({ 'k.tenant_id': tenantId, 'k.send_key': key })
    .first('l.*', 'k.derived', 'o.next_attempt_at');
  if (!row) return undefined;
  const { derived, next_attempt_at, ...emailLog } = row;
  return { emailLog, derived, nextAttemptAt: next_attempt_at === null ? null : new Date(next_attempt_at) };
}

/** Takes the key for the mail logged as `emailLogId`; false when another call holds it (the unique index waits for that call's commit). */
export async function claimSendKey(trx: Knex.Transaction, sendKey: SendKey, emailLogId: string): Promise<boolean> {
  const inserted: unknown[] = await trx('mail_send_keys')
    .insert({ tenant_id: sendKey.tenantId, send_key: sendKey.key, email_log_id: emailLogId, derived: sendKey.derived })
    .onConflict(['tenant_id', 'send_key'])
    .ignore()
    .returning('email_log_id');
  return inserted.length > 0;
}

/** Moves the key from a send it no longer holds to a new one; false when another call moved it first. */
export async function takeOverSendKey(trx: Knex.Transaction, sendKey: SendKey, fromEmailLogId: string, emailLogId: string): Promise<boolean> {
  const moved = await trx('mail_send_keys')
    .where({ tenant_id: sendKey.tenantId, send_key: sendKey.key, email_log_id: fromEmailLogId })
    .update({ email_log_id: emailLogId, derived: sendKey.derived });
  return moved > 0;
}

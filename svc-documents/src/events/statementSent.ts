import type { Knex } from 'knex';
import { createEvent, INVENTORY_EVENTS, type StatementSent } from '@printpool/contracts';
import { recordEvent } from '@printpool/service-kit';
import type { EmailLogRow } from '../db/emailLogs.js';
import { readStatementEmail } from '../db/statementEmails.js';

/**
 * `inventory.statement.sent` (docs/product.md §12), recorded in the transaction that logs a
 * statement's e-mail sent, so it is told once, when the mail server took it, by the first send
 * or a resend alike.
 */
export async function recordStatementSent(trx: Knex.Transaction, sent: EmailLogRow, messageId: string): Promise<void> {
  const statement = await readStatementEmail(trx, sent.tenant_id, sent.id);
  // Every statement's log row is written with its period (emailRoutes.ts): an e-mail without one is no statement.
  if (!statement) return;
  const data: StatementSent = {
    customerId: statement.customerId,
    customerName: statement.customerName,
    from: statement.from,
    to: statement.to,
    emailLogId: sent.id,
    toEmail: sent.to_email,
    subject: sent.subject,
    sentAt: new Date(sent.sent_at).toISOString(),
    messageId,
  };
  await recordEvent(trx, createEvent<StatementSent>(INVENTORY_EVENTS.statementSent, sent.tenant_id, data));
}

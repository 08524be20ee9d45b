import type { Knex } from 'knex';

/** Whose statement an e-mail carries, and of which days (migrations/011-statement-emails.ts). */
export interface StatementEmail {
  tenantId: string;
  emailLogId: string;
  customerId: number;
  customerName: string;
  from: string;
  to: string;
}

/** Written in the transaction that logs the e-mail (mail/deliver.ts startDelivery). */
export async function insertStatementEmail(trx: Knex.Transaction, statement: StatementEmail): Promise<void> {
  await trx('statement_emails').insert({
    tenant_id: statement.tenantId,
    email_log_id: statement.emailLogId,
    customer_id: statement.customerId,
    customer_name: statement.customerName,
    period_from: statement.from,
    period_to: statement.to,
  });
}

export async function readStatementEmail(knex: Knex | Knex.Transaction, tenantId: string, emailLogId: string): Promise<StatementEmail | undefined> {
  const row: { customer_id: number | string; customer_name: string; period_from: string; period_to: string } | undefined = await knex('statement_emails')
    .where({ tenant_id: tenantId, email_log_id: emailLogId })
    .first('customer_id', 'customer_name', 'period_from', 'period_to');
  return row && { tenantId, emailLogId, customerId: Number(row.customer_id), customerName: row.customer_name, from: row.period_from, to: row.period_to };
}

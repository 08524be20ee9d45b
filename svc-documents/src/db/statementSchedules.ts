import type { Knex } from 'knex';

/** A customer's monthly statement as stored (migrations/012-statement-schedules.ts). */
export interface StatementScheduleRow {
  tenant_id: string;
  customer_id: string;
  monthly: boolean;
  last_sent_month: string | null;
}

const COLUMNS = ['tenant_id', 'customer_id', 'monthly', 'last_sent_month'] as const;

export async function readStatementSchedule(knex: Knex | Knex.Transaction, tenantId: string, customerId: number): Promise<StatementScheduleRow | undefined> {
  return knex('statement_schedules')
    .where({ tenant_id: tenantId, customer_id: customerId })
    .first(...COLUMNS);
}

/** Locks the customer's schedule row (made off if there is none), so two saves take turns and the second sees the first. */
export async function lockStatementSchedule(trx: Knex.Transaction, tenantId: string, customerId: number): Promise<StatementScheduleRow> {
  await trx('statement_schedules').insert({ tenant_id: tenantId, customer_id: customerId, monthly: false }).onConflict(['tenant_id', 'customer_id']).ignore();
  return trx('statement_schedules')
    .where({ tenant_id: tenantId, customer_id: customerId })
    .forUpdate()
    .first(...COLUMNS);
}

export async function writeStatementSchedule(trx: Knex.Transaction, row: StatementScheduleRow): Promise<void> {
  await trx('statement_schedules')
    .where({ tenant_id: row.tenant_id, customer_id: row.customer_id })
    .update({ monthly: row.monthly, last_sent_month: row.last_sent_month, updated_at: trx.fn.now() });
}

/** Schedules, of every tenant, that are on and have not sent `month` ('YYYY-MM') or a later one; at most `limit`. */
export async function dueStatementSchedules(knex: Knex, month: string, limit: number): Promise<StatementScheduleRow[]> {
  return knex('statement_schedules')
    .where('monthly', true)
    .andWhere((due) => due.whereNull('last_sent_month').orWhere('last_sent_month', '<', month))
    .orderBy(['tenant_id', 'customer_id'])
    .limit(limit)
    .select(...COLUMNS);
}

/** Notes `month` as sent, unless a later month already was. */
export async function markStatementMonthSent(knex: Knex, tenantId: string, customerId: number, month: string): Promise<void> {
  await knex('statement_schedules')
    .where({ tenant_id: tenantId, customer_id: customerId })
    .andWhere((earlier) => earlier.whereNull('last_sent_month').orWhere('last_sent_month', '<', month))
    .update({ last_sent_month: month, updated_at: knex.fn.now() });
}

import { monthlyStatementDue, monthOf, todayUtc } from '@printpool/domain';
import { runEvery } from '@printpool/service-kit';
import type { DocumentsDeps } from '../deps.js';
import { dueStatementSchedules, markStatementMonthSent, type StatementScheduleRow } from '../db/statementSchedules.js';
import { sendStatement } from './sendStatement.js';

export interface StatementScheduler {
  /** Sends what is owed now, and answers how many statements went (or were found sent). */
  runOnce(today?: string): Promise<number>;
  stop(): Promise<void>;
}

/** How many schedules one pass takes up at a time: a pass runs until none is owed. */
const BATCH = 50;
/** The scheduler's caller: svc-inventory reads the statement for the tenant, and the log names PrintPool as the sender. */
const SCHEDULER = 'svc-documents';

/**
 * E-mails each customer's monthly statement once its month is over (docs/product.md §12), every
 * `intervalMs` (STATEMENT_SCHEDULE_MINUTES; 0: only when asked). Any replica may run it: each
 * send is made once per customer and month by its key (src/mail/deliverOnce.ts), so two replicas
 * finding one due send it once, and a restart resends nothing.
 */
export function startStatementScheduler(deps: DocumentsDeps, intervalMs: number): StatementScheduler {
  const runOnce = async (today = todayUtc()): Promise<number> => {
    const period = monthlyStatementDue(null, today)!;
    const month = monthOf(period.from);
    let sent = 0;
    for (;;) {
      const due = await dueStatementSchedules(deps.db.knex, month, BATCH);
      if (due.length === 0) return sent;
      for (const schedule of due) sent += await sendOwed(deps, schedule, today);
    }
  };
  const periodic = runEvery(
    intervalMs,
    () => runOnce(),
    (err) => deps.logger.warn({ err }, 'monthly statements not sent; trying again later'),
  );
  return { runOnce, stop: () => periodic.stop() };
}

/**
 * Sends one schedule's owed statement and notes its month. A customer whose statement cannot go
 * (no e-mail address, no longer in the company) has the month noted too, with a warning, so the
 * pass moves on; a failure of the mail server leaves the send to the mail resender.
 */
async function sendOwed(deps: DocumentsDeps, schedule: StatementScheduleRow, today: string): Promise<number> {
  const period = monthlyStatementDue(schedule.last_sent_month, today)!;
  const month = monthOf(period.from);
  const customerId = Number(schedule.customer_id);
  const caller = { tenantId: schedule.tenant_id, userId: SCHEDULER, memberName: 'PrintPool' };
  try {
    await sendStatement(deps, caller, String(customerId), period, {}, `monthly-statement:${customerId}:${month}`);
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status !== 404 && status !== 422) throw err;
    deps.logger.warn({ err, tenantId: schedule.tenant_id, customerId, month }, 'monthly statement not sent: the customer has no address or is gone');
  }
  await markStatementMonthSent(deps.db.knex, schedule.tenant_id, customerId, month);
  return 1;
}

import { StatementScheduleInputSchema, type StatementSchedule } from '@printpool/contracts';
import { lastFullMonth, monthSentWhenTurnedOn, nextMonthlyStatementOn, todayUtc } from '@printpool/domain';
import {
  answerVersioned,
  basedOnVersion,
  createRouter,
  documentVersion,
  parseInput,
  requestBody,
  unprocessable,
  versionConflict,
  type ServiceRouter,
} from '@printpool/service-kit';
import type { DocumentsDeps } from '../deps.js';
import { lockStatementSchedule, readStatementSchedule, writeStatementSchedule, type StatementScheduleRow } from '../db/statementSchedules.js';

function scheduleView(customerId: number, row: Pick<StatementScheduleRow, 'monthly' | 'last_sent_month'> | undefined, today: string): StatementSchedule {
  const monthly = row?.monthly ?? false;
  const lastSentMonth = row?.last_sent_month ?? null;
  return {
    customerId,
    monthly,
    lastSentMonth,
    nextSendOn: monthly ? nextMonthlyStatementOn(lastSentMonth, today) : null,
    version: documentVersion(['statement-schedule', monthly]),
  };
}

/** A customer's monthly statement (docs/product.md §12): on or off; the scheduler sends it (src/statements/statementScheduler.ts). */
export function statementScheduleRoutes(deps: DocumentsDeps): ServiceRouter {
  const router = createRouter();

  router.get('/api/customers/:id/statement/schedule', async (ctx) => {
    const { caller } = ctx.state;
    const today = todayUtc();
    // The statement's read answers 404 for a customer the company lacks, as every route of a customer does.
    const statement = await deps.source.customerStatement(caller, ctx.params.id!, lastFullMonth(today));
    answerVersioned(ctx, scheduleView(statement.customerId, await readStatementSchedule(deps.db.knex, caller.tenantId, statement.customerId), today));
  });

  router.put('/api/customers/:id/statement/schedule', async (ctx) => {
    const { caller } = ctx.state;
    const basedOn = basedOnVersion(ctx);
    const { monthly } = parseInput(StatementScheduleInputSchema, requestBody(ctx));
    const today = todayUtc();
    const statement = await deps.source.customerStatement(caller, ctx.params.id!, lastFullMonth(today));
    if (monthly && !statement.customerEmail)
      throw unprocessable(`${statement.customerName} has no e-mail address in QuickBooks: add one there, then sync customers`, { field: 'customerEmail' });
    const saved = await deps.db.knex.transaction(async (trx) => {
      const current = await lockStatementSchedule(trx, caller.tenantId, statement.customerId);
      const view = scheduleView(statement.customerId, current, today);
      if (view.version !== basedOn)
        throw versionConflict("customer's monthly statement", view, [{ field: 'Monthly', path: ['monthly'], current: view.monthly, proposed: monthly }]);
      // Turned on, the first statement is of the month in progress: the months before went out by hand, if at all.
      const sentMonth = monthSentWhenTurnedOn(today);
      const lastSent = monthly && !current.monthly && (current.last_sent_month ?? '') < sentMonth ? sentMonth : current.last_sent_month;
      const row = { ...current, monthly, last_sent_month: lastSent };
      await writeStatementSchedule(trx, row);
      return row;
    });
    answerVersioned(ctx, scheduleView(statement.customerId, saved, today));
  });

  return router;
}

import { addDays, daysBetween } from './storage.js';

/** The longest period a customer's statement covers, in days, both ends counted: a year, leap or not (docs/product.md §12). */
export const STATEMENT_MAX_DAYS = 366;

/** The days a statement covers, both included (YYYY-MM-DD). */
export interface StatementPeriod {
  from: string;
  to: string;
}

/** The last full calendar month before `today`'s: the period of a statement when none is named (docs/product.md §12). */
export function lastFullMonth(today: string): StatementPeriod {
  const to = addDays(`${today.slice(0, 7)}-01`, -1);
  return { from: `${to.slice(0, 7)}-01`, to };
}

/** Why a period cannot be a statement's: it ends before it starts, or it is longer than STATEMENT_MAX_DAYS. */
export interface StatementPeriodProblem {
  kind: 'backwards' | 'tooLong';
  /** The field to change, and what it must be, as the API words it. */
  field: 'to';
  message: string;
}

/** Why `period` cannot be a statement's; null when it can. */
export function statementPeriodProblem({ from, to }: StatementPeriod): StatementPeriodProblem | null {
  if (to < from) return { kind: 'backwards', field: 'to', message: 'must be on or after from' };
  if (daysBetween(from, to) + 1 > STATEMENT_MAX_DAYS) return { kind: 'tooLong', field: 'to', message: `must be at most ${STATEMENT_MAX_DAYS} days from from` };
  return null;
}

/** Whether a day falls in the period, both ends included. */
export const inStatementPeriod = (day: string, { from, to }: StatementPeriod): boolean => day >= from && day <= to;

/** The calendar month ('YYYY-MM') of a day. */
export const monthOf = (day: string): string => day.slice(0, 7);

/** The first day of the month after `month` ('YYYY-MM'). */
function firstOfNextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`;
}

/**
 * The statement a monthly schedule owes on `today` (docs/product.md §12): the last full month's,
 * unless that month or a later one was sent; null when nothing is owed.
 */
export function monthlyStatementDue(lastSentMonth: string | null, today: string): StatementPeriod | null {
  const period = lastFullMonth(today);
  return lastSentMonth !== null && lastSentMonth >= monthOf(period.from) ? null : period;
}

/** The day a monthly schedule sends next: today when a statement is owed, else the 1st of next month. */
export const nextMonthlyStatementOn = (lastSentMonth: string | null, today: string): string =>
  monthlyStatementDue(lastSentMonth, today) ? today : firstOfNextMonth(monthOf(today));

/** The month a schedule turned on `today` counts as sent: the last full one, so its first statement is of the month in progress. */
export const monthSentWhenTurnedOn = (today: string): string => monthOf(lastFullMonth(today).from);

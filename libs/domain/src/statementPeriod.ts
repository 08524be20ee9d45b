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

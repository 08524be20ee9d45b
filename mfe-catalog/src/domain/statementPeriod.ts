import { lastFullMonth, STATEMENT_MAX_DAYS, statementPeriodProblem, type StatementPeriod } from '@printpool/domain';

/** The period the statement picker starts at: the last full calendar month on the broker's own clock (docs/product.md §12). */
export function defaultStatementPeriod(now = new Date()): StatementPeriod {
  return lastFullMonth(`${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-01`);
}

/** Why the picked days make no statement, in the page's words; null when they do. */
export function statementPeriodWarning(period: StatementPeriod): string | null {
  if (!period.from || !period.to) return 'Choose the first and last day';
  const problem = statementPeriodProblem(period);
  if (!problem) return null;
  return problem.kind === 'backwards' ? 'The period ends before it starts' : `A statement covers at most ${STATEMENT_MAX_DAYS} days`;
}

import {
  inStatementPeriod,
  lastFullMonth,
  monthlyStatementDue,
  monthSentWhenTurnedOn,
  nextMonthlyStatementOn,
  statementPeriodProblem,
} from './statementPeriod.js';

describe("a customer statement's period", () => {
  it('is the last full calendar month by default, whatever the day of this one', () => {
    expect(lastFullMonth('2026-11-28')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(lastFullMonth('2026-03-01')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(lastFullMonth('2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(lastFullMonth('2027-01-15')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('runs forward, over a year at most, and names the field to change', () => {
    expect(statementPeriodProblem({ from: '2026-10-01', to: '2026-10-01' })).toBeNull();
    expect(statementPeriodProblem({ from: '2024-01-01', to: '2024-12-31' })).toBeNull();
    expect(statementPeriodProblem({ from: '2026-10-02', to: '2026-10-01' })).toEqual({ kind: 'backwards', field: 'to', message: 'must be on or after from' });
    expect(statementPeriodProblem({ from: '2025-01-01', to: '2026-01-02' })).toEqual({
      kind: 'tooLong',
      field: 'to',
      message: 'must be at most 366 days from from',
    });
  });

  it('holds both of its ends', () => {
    const october = lastFullMonth('2026-11-28');
    expect(['2026-09-30', '2026-10-01', '2026-10-31', '2026-11-01'].map((day) => inStatementPeriod(day, october))).toEqual([false, true, true, false]);
  });
});

describe('monthly statements', () => {
  it('owes the last full month once, and then waits for the 1st of the next month', () => {
    expect(monthlyStatementDue(null, '2026-12-01')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthlyStatementDue('2026-10', '2026-12-15')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthlyStatementDue('2026-11', '2026-12-31')).toBeNull();
    expect(nextMonthlyStatementOn('2026-11', '2026-12-31')).toBe('2027-01-01');
    expect(nextMonthlyStatementOn('2026-10', '2026-12-02')).toBe('2026-12-02');
  });

  it('starts a schedule turned on mid-month with the month in progress', () => {
    const sent = monthSentWhenTurnedOn('2026-11-28');
    expect(sent).toBe('2026-10');
    expect(monthlyStatementDue(sent, '2026-11-30')).toBeNull();
    expect(monthlyStatementDue(sent, '2026-12-01')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthSentWhenTurnedOn('2027-01-05')).toBe('2026-12');
  });
});

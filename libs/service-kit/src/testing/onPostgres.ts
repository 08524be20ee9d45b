import { describe, it } from '@jest/globals';

/**
 * A suite that needs a PostgreSQL server (row locks between connections, LISTEN/NOTIFY), which the
 * embedded default cannot give. Without `DATABASE_URL` it is reported as skipped under a name that
 * says why, and the run says so once, so a green run never hides what it did not test.
 */
export function describeOnPostgres(name: string, suite: () => void): void {
  if (process.env.DATABASE_URL) {
    describe(name, suite);
    return;
  }
  process.stderr.write(`'${name}' not run: it needs PostgreSQL (set DATABASE_URL, as CI does)\n`);
  describe(name, () => {
    it.skip('needs PostgreSQL: set DATABASE_URL to run it', () => undefined);
  });
}

/** One test that needs a PostgreSQL server (its own connection to it, pg_stat_activity), inside a suite that does not: skipped as describeOnPostgres skips a suite, saying why. */
export function itOnPostgres(name: string, test: () => Promise<void>, timeoutMs?: number): void {
  if (process.env.DATABASE_URL) {
    it(name, test, timeoutMs);
    return;
  }
  process.stderr.write(`'${name}' not run: it needs PostgreSQL (set DATABASE_URL, as CI does)\n`);
  it.skip(`${name} (needs PostgreSQL: set DATABASE_URL to run it)`, () => undefined);
}

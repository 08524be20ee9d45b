import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger, type Database } from '@printpool/service-kit';
import type { RequestBudget } from '../src/qbo/realmLimiter.js';
import { sharedRealmBudget } from '../src/qbo/sharedRealmBudget.js';
import { replicaDatabases, type ReplicaDatabases } from './replicaDatabases.js';

/**
 * Two svc-sync replicas on one database, each with a connection pool of its own (on
 * PostgreSQL): together they may send a QuickBooks company only its one allowance.
 */
const REQUESTS_PER_MINUTE = 60;
const logger = createLogger('realm-budget-test', 'silent');
let first: Database;
let second: Database;

let databases: ReplicaDatabases;

beforeAll(async () => {
  databases = await replicaDatabases();
  ({ first, second } = databases);
});

afterAll(async () => {
  await databases.close();
});

/** Takes `count` requests from each budget at once; answers how many went out without waiting. */
async function granted(budgets: RequestBudget[], realmId: string, count: number): Promise<number> {
  const waits = await Promise.all(budgets.flatMap((budget) => Array.from({ length: count }, () => budget.take(realmId))));
  return waits.filter((wait) => wait === 0).length;
}

describe('the QuickBooks request budget shared by svc-sync replicas', () => {
  it('lets two replicas together send a realm only the burst one alone may send', async () => {
    const replicas = [sharedRealmBudget(first.knex, REQUESTS_PER_MINUTE, logger), sharedRealmBudget(second.knex, REQUESTS_PER_MINUTE, logger)];
    // Half the minute's allowance at once (realmLimiter.ts bucketShape); a fraction more may have refilled meanwhile.
    const sent = await granted(replicas, 'realm-shared', 40);
    expect(sent).toBeGreaterThanOrEqual(30);
    expect(sent).toBeLessThanOrEqual(31);
    // The next request waits for the refill: the other half of the minute's allowance over the minute, one every 2 s.
    const wait = await replicas[1]!.take('realm-shared');
    expect(wait).toBeGreaterThan(1_000);
    expect(wait).toBeLessThanOrEqual(2_000);
  });

  it('keeps each realm to its own allowance', async () => {
    const budget = sharedRealmBudget(first.knex, REQUESTS_PER_MINUTE, logger);
    expect(await granted([budget], 'realm-a', 30)).toBe(30);
    expect(await granted([budget], 'realm-b', 30)).toBe(30);
  });
});

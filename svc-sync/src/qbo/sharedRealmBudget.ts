import type { Knex } from 'knex';
import { isUnavailable, type Logger } from '@printpool/service-kit';
import { bucketShape, memoryBudget, type RequestBudget } from './realmLimiter.js';

/**
 * Intuit's per-realm rate limit counts every request to the company, whichever replica sends
 * it: the bucket of bucketShape lives in a row per realm, refilled and spent by one statement
 * on the database's clock, so replicas together stay inside `requestsPerMinute`. While the
 * database cannot be asked, this process paces itself alone (its memory bucket) instead of
 * stopping its requests.
 */
export function sharedRealmBudget(knex: Knex, requestsPerMinute: number, logger: Logger): RequestBudget {
  const { capacity, perMs } = bucketShape(requestsPerMinute);
  const alone = memoryBudget(requestsPerMinute);
  // The bucket's level once refilled up to this statement, as of the row it updates.
  const level = `least(CAST(:capacity AS float8), b.tokens + greatest(0, extract(epoch FROM statement_timestamp() - b.refilled_at)) * 1000 * CAST(:perMs AS float8))`;
  return {
    async take(realmId) {
      try {
        const { rows } = await knex.raw<{ rows: { tokens: number; granted: boolean }[] }>(
          `INSERT INTO qbo_realm_budgets AS b (realm_id, tokens, refilled_at, granted)
           VALUES (:realmId, CAST(:capacity AS float8) - 1, statement_timestamp(), true)
           ON CONFLICT (realm_id) DO UPDATE SET
             tokens = CASE WHEN ${level} >= 1 THEN ${level} - 1 ELSE ${level} END,
             granted = ${level} >= 1,
             refilled_at = greatest(b.refilled_at, statement_timestamp())
           RETURNING tokens, granted`,
          { realmId, capacity, perMs },
        );
        const { tokens, granted } = rows[0]!;
        return granted ? 0 : Math.ceil((1 - tokens) / perMs);
      } catch (error) {
        if (!isUnavailable(error)) throw error;
        logger.warn({ err: error, realmId }, 'database unavailable; pacing QuickBooks requests in this process alone');
        return alone.take(realmId);
      }
    },
  };
}

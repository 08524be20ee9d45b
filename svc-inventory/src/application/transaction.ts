import type { Knex } from 'knex';
import type { Database } from '@printpool/service-kit';
import { ChangeSet } from './changeSet.js';
import type { ChangeReason } from './history.js';

/** Postgres aborts one side of a deadlock or serialization conflict; the change is simply tried again. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;

export interface ChangeContext {
  db: Database;
  /** Called after a commit so the relay publishes the recorded events at once. */
  afterCommit: () => void;
}

/**
 * Runs a change for one tenant in one transaction and records the inventory events it caused
 * and the history of the documents it changed (who and why: `reason`) in the same transaction.
 */
export async function changeInTransaction<T>(
  context: ChangeContext,
  tenantId: string,
  reason: ChangeReason,
  work: (trx: Knex.Transaction, changes: ChangeSet) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await context.db.knex.transaction(async (trx) => {
        const changes = new ChangeSet(tenantId, reason);
        const value = await work(trx, changes);
        await changes.record(trx);
        return value;
      });
      changeCommitted(context, tenantId);
      return result;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= MAX_ATTEMPTS || !code || !RETRYABLE.has(code)) throw err;
    }
  }
}

/**
 * What follows every committed change of a tenant's data, whoever made it (a route, a consumer,
 * reconcile): the tenant's cached answers are dropped at once, before the change answers
 * (TenantReadCache, docs/architecture.md §5), and the relay publishes the change's events.
 */
export function changeCommitted(context: ChangeContext, tenantId: string): void {
  context.db.readCache.changed(tenantId);
  context.afterCommit();
}

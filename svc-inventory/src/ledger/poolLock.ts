import type { Knex } from 'knex';

/** First key of the advisory lock; the second is the tenant's hash. */
const POOL_LOCK = 0x706f6f6c;

/**
 * Takes the tenant's pool lock, the first of the pool's locks, always in this order
 * (docs/architecture.md §5): the pool lock, then the PO lines in id order (lockPoolLines.ts,
 * lockCandidateLines.ts), then the item levels in item order (levels.ts).
 *
 * Makes the transactions that import one tenant's purchase orders and estimates take turns.
 * Side by side, an estimate import misses the purchase orders the other transaction is still
 * writing (uncommitted, so invisible) and leaves its orders waiting, while that transaction's
 * retry of waiting orders misses the new orders (invisible too): both commit, and the orders
 * wait for a purchase order that is there. Taken first in the transaction, so it is never
 * awaited while row locks are held. A lock for the whole pool, not a row lock: the line locks
 * hold the purchase-order lines a draw reads.
 */
export async function takePoolLock(trx: Knex.Transaction, tenantId: string): Promise<void> {
  await trx.raw('SELECT pg_advisory_xact_lock(?, hashtext(?))', [POOL_LOCK, tenantId]);
}

import { PRINTPOOL } from '../application/history.js';
import { changeInTransaction, type ChangeContext } from '../application/transaction.js';
import { takePoolLock } from '../ledger/poolLock.js';
import { allocatableOrderDrift } from './allocatableOrders.js';
import { reallocateOrders } from './reallocateOrders.js';

/**
 * Recovery, run as the service starts: the tenants with orders left waiting that an open bulk
 * PO covers (a fault cut their import short) are re-allocated, each in its own transaction
 * under its pool lock, so they do not wait for the tenant's next import. Answers how many
 * tenants were.
 */
export async function allocateWaitingOrders(context: ChangeContext): Promise<number> {
  const waiting = await context.db.knex.transaction((trx) => allocatableOrderDrift(trx, undefined));
  const tenants = [...new Set(waiting.map((drift) => drift.tenantId))];
  for (const tenantId of tenants) {
    await changeInTransaction(context, tenantId, { by: PRINTPOOL, action: 'Re-allocated' }, async (trx, changes) => {
      await takePoolLock(trx, tenantId);
      await reallocateOrders(trx, tenantId, changes);
    });
  }
  return tenants.length;
}

import type { Knex } from 'knex';
import type { ChangeSet } from '../application/changeSet.js';
import { allocate, type AllocateOptions } from '../ledger/allocate.js';
import { releaseAllocation } from '../ledger/release.js';
import { loadDemand } from './salesOrderLines.js';

export { NO_COVERING_PO } from '@printpool/domain';

/**
 * Releases what the order holds and draws it again (the purchase order it used first when
 * that one still covers it). Answers the purchase order now holding it, or null.
 */
export async function redraw(
  trx: Knex.Transaction,
  tenantId: string,
  salesOrderId: number,
  changes: ChangeSet,
  options: AllocateOptions,
): Promise<number | null> {
  await releaseAllocation(trx, tenantId, salesOrderId, changes);
  const demand = await loadDemand(trx, tenantId, salesOrderId);
  return allocate(trx, tenantId, salesOrderId, demand, changes, options);
}

/** The broker's choice stays the broker's only while the order keeps the bulk PO chosen (an update's value for po_chosen_by_broker). */
export function stillChosen(trx: Knex.Transaction, bulkPoId: number | null): Knex.Raw {
  return trx.raw('po_chosen_by_broker AND bulk_po_id IS NOT DISTINCT FROM ?::bigint', [bulkPoId]);
}

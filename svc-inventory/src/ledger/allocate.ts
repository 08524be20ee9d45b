import type { Knex } from 'knex';
import type { ChangeNotes } from './changeNotes.js';
import { planDraws, requirementOf, type AllocationDemandLine } from '../domain/coverage.js';
import { drawLines } from './drawLines.js';
import { lockCandidateLines, type LockedCandidate } from './lockCandidateLines.js';

export interface AllocateOptions {
  /** Tried before any other purchase order (the one the order already used). */
  preferPoId?: number | null;
  /** Only this purchase order may be used (the broker chose it). */
  onlyPoId?: number | null;
}

/**
 * Draws a sales order's lines from one open bulk purchase order that covers every item, the
 * oldest first (oldestFirst: date, QuickBooks id, id), and answers its id, or null when none covers the order.
 *
 * One statement finds the candidates without locks and locks the first one's needed lines
 * (lockCandidateLines); coverage is checked again on the locked values, so concurrent
 * allocations serialize on the lines they share and no line goes below zero. Everything the draw changes
 * is then one statement (drawLines): the locks are held for two round trips and the commit.
 * Should the first candidate no longer cover the order under its locks, the others are tried
 * in turn. The caller has released the order's previous draws in the same transaction.
 */
export async function allocate(
  trx: Knex.Transaction,
  tenantId: string,
  salesOrderId: number,
  demand: readonly AllocationDemandLine[],
  changes: ChangeNotes,
  options: AllocateOptions = {},
): Promise<number | null> {
  const need = requirementOf(demand);
  if (need.size === 0) return null;
  const drawFrom = async ({ header, lines }: LockedCandidate): Promise<boolean> => {
    const draws = header && planDraws(demand, lines);
    if (!header || !draws) return false;
    const { levelsMoved } = await drawLines(trx, tenantId, { draws: [{ salesOrderId, header, demand, draws }], levelsRecomputed: changes.items });
    // An item without a stored level yet is left to the change set, which creates it from the ledger.
    for (const item of need.keys()) if (!levelsMoved.has(item)) changes.items.add(item);
    return true;
  };
  const first = await lockCandidateLines(trx, tenantId, need, { onlyPoId: options.onlyPoId ?? null, preferPoId: options.preferPoId ?? null });
  if (await drawFrom(first)) return first.header!.purchaseOrderId;
  for (const purchaseOrderId of first.candidates.slice(1)) {
    if (await drawFrom(await lockCandidateLines(trx, tenantId, need, { purchaseOrderId }))) return purchaseOrderId;
  }
  return null;
}

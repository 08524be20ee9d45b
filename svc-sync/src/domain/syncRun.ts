import type { SyncRun } from '@printpool/contracts';

export type RunStatus = SyncRun['status'];

export interface EntityProgress {
  done: number;
  total: number;
}

/** What the shell's progress display reads (libs/contracts SyncRunSchema). */
export type SyncRunView = SyncRun;

/** Sums per-entity progress; an entity never counts more done than it has. */
export function overallProgress(byEntity: Record<string, EntityProgress>): SyncRunView['progress'] {
  let done = 0;
  let total = 0;
  for (const entity of Object.values(byEntity)) {
    done += Math.min(entity.done, entity.total);
    total += entity.total;
  }
  return { done, total, byEntity };
}

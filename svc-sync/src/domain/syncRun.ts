import type { SyncKind } from '@printpool/contracts';

export type RunStatus = 'running' | 'completed' | 'failed';

export interface EntityProgress {
  done: number;
  total: number;
}

/** What the shell's progress display reads. */
export interface SyncRunView {
  runId: string;
  status: RunStatus;
  kind: SyncKind;
  startedAt: string;
  finishedAt: string | null;
  progress: { done: number; total: number; byEntity: Record<string, EntityProgress> };
  /** While QuickBooks' rate limit holds the run: when it goes on (ISO time). */
  waitingUntil: string | null;
  error: string | null;
}

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

import type { SyncRunRecord } from '../db/syncRunStore.js';
import { PAGE_SIZE } from '../domain/pageCursor.js';
import { earlierTime } from '../domain/qboTime.js';
import { SYNC_ENTITIES } from '../domain/syncEntities.js';
import { listEntities, type ListingDeps } from './listing.js';

/**
 * An incremental sync: CDC per entity since the stored cursor. An entity whose changes
 * fill a whole CDC answer (QBO caps it at 1000 objects) is listed in full instead.
 */
export async function syncChanges(deps: ListingDeps, run: SyncRunRecord, since: string, signal: AbortSignal): Promise<void> {
  const toList = [];
  for (const entity of SYNC_ENTITIES) {
    signal.throwIfAborted();
    const answer = await deps.client.cdc(run.tenantId, [entity.qboName], since);
    run.qboStartedAt = earlierTime(run.qboStartedAt, answer.time);
    const group = answer.body.get(entity.qboName)!;
    if (group.truncated) {
      toList.push(entity);
      continue;
    }
    for (let i = 0; i < group.changed.length; i += PAGE_SIZE) {
      await deps.writer.upserts(run.tenantId, run.realmId, entity, group.changed.slice(i, i + PAGE_SIZE), null);
    }
    await deps.writer.deletions(run.tenantId, run.realmId, entity, group.deletedIds);
    const total = group.changed.length + group.deletedIds.length;
    run.progress[entity.entity] = { done: total, total };
    run.counts[entity.entity] = group.changed.length;
    run.counts.deleted = (run.counts.deleted ?? 0) + group.deletedIds.length;
    await deps.runs.saveProgress(run);
  }
  if (toList.length > 0) await listEntities(deps, run, toList, signal);
}

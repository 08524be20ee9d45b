import type { Database, Logger } from '@printpool/service-kit';
import { unseenIds } from '../db/documentMirror.js';
import type { SyncRunRecord, SyncRunStore } from '../db/syncRunStore.js';
import { PAGE_SIZE, PageCursor, pageStarts } from '../domain/pageCursor.js';
import { earlierTime } from '../domain/qboTime.js';
import { activeClause, type SyncEntity } from '../domain/syncEntities.js';
import type { QboClient } from '../qbo/qboClient.js';
import type { ChangesFirst } from './changesFirst.js';
import { runPool } from './pool.js';
import type { SyncWriter } from './syncWriter.js';

export interface ListingDeps {
  db: Database;
  client: QboClient;
  runs: SyncRunStore;
  writer: SyncWriter;
  logger: Logger;
  /** Pages fetched and written at once; the client still holds each realm to its limits. */
  pageConcurrency: number;
  /** Webhook changes in hand, which each page waits for. */
  changesFirst: ChangesFirst;
}

/**
 * Lists every record of `entities` page by page (ORDERBY Id, 1000 a page), pages of
 * different entities in parallel, saving a resume cursor per entity as pages finish. Then
 * publishes deletions for mirror rows the listing no longer found.
 */
export async function listEntities(deps: ListingDeps, run: SyncRunRecord, entities: readonly SyncEntity[], signal: AbortSignal): Promise<void> {
  const { client, runs, writer } = deps;
  // Settled, not raced: a count still under way must not outlive a run that failed.
  const counted = await Promise.allSettled(
    entities.map(async (entity) => {
      const answer = await client.count(run.tenantId, entity.qboName, activeClause(entity));
      run.qboStartedAt = earlierTime(run.qboStartedAt, answer.time);
      const resumeAt = run.cursors[entity.entity] ?? 1;
      run.progress[entity.entity] = { done: Math.min(resumeAt - 1, answer.body), total: answer.body };
    }),
  );
  const refused = counted.find((outcome) => outcome.status === 'rejected');
  if (refused) throw refused.reason;
  await runs.saveProgress(run);

  const queues = entities.map((entity) => {
    const cursor = new PageCursor(run.cursors[entity.entity] ?? 1);
    return pageStarts(run.progress[entity.entity]!.total, cursor.position).map((start) => async () => {
      await deps.changesFirst.importTurn();
      const page = await client.documents(
        run.tenantId,
        entity.qboName,
        `SELECT * FROM ${entity.qboName} ${activeClause(entity)} ORDERBY Id STARTPOSITION ${start} MAXRESULTS ${PAGE_SIZE}`,
      );
      // Read while a change arrived: its turn comes before this page is written too.
      await deps.changesFirst.importTurn();
      await writer.upserts(run.tenantId, run.realmId, entity, page.body, run.sweepId);
      run.cursors[entity.entity] = cursor.finish(start);
      const progress = run.progress[entity.entity]!;
      progress.done = Math.min(progress.total, progress.done + page.body.length);
      await runs.saveProgress(run);
    });
  });
  // Round-robin across entities so the first pages of every entity run side by side.
  const tasks: Array<() => Promise<void>> = [];
  for (let i = 0; queues.some((queue) => i < queue.length); i++) for (const queue of queues) if (queue[i]) tasks.push(queue[i]!);
  await runPool(tasks, deps.pageConcurrency, signal);
  for (const entity of entities) run.counts[entity.entity] = run.progress[entity.entity]!.done;

  for (const entity of entities) await sweepDeleted(deps, run, entity);
}

async function sweepDeleted(deps: ListingDeps, run: SyncRunRecord, entity: SyncEntity): Promise<void> {
  const scope = { tenantId: run.tenantId, realmId: run.realmId, entity: entity.qboName };
  for (;;) {
    const gone = await unseenIds(deps.db.knex, scope, run.sweepId, run.sweepStartedAt, PAGE_SIZE);
    if (gone.length === 0) return;
    await deps.writer.deletions(run.tenantId, run.realmId, entity, gone);
    run.counts.deleted = (run.counts.deleted ?? 0) + gone.length;
  }
}

import { Counter, Histogram } from 'prom-client';
import { inSpan, processMetrics } from '@printpool/service-kit';
import type { SyncRunRecord } from '../db/syncRunStore.js';

/** How a run ended: recorded done, recorded failed, or left to another runner (lease lost, shutdown) to resume. */
export type SyncOutcome = 'completed' | 'failed' | 'interrupted';

const runDuration = new Histogram({
  name: 'sync_run_duration_seconds',
  help: 'How long sync runs took in this process, by kind and outcome',
  labelNames: ['kind', 'outcome'] as const,
  // From a webhook's handful of records to a full sync of a large company.
  buckets: [0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600],
  registers: [processMetrics],
});

const runEntities = new Counter({
  name: 'sync_run_entities_total',
  help: 'QuickBooks records completed sync runs wrote, by run kind and entity ("deleted" counts removals)',
  labelNames: ['kind', 'entity'] as const,
  registers: [processMetrics],
});

/**
 * Runs one sync run in a span of its own (under the request that started it, if any) and counts
 * how long it took and, once completed, the records it wrote (docs/architecture.md §8).
 */
export async function observeSyncRun(run: SyncRunRecord, execute: () => Promise<SyncOutcome>): Promise<void> {
  const started = process.hrtime.bigint();
  const outcome = await inSpan(
    `sync run ${run.kind}`,
    { 'printpool.tenant_id': run.tenantId, 'printpool.sync_run_id': run.id, 'printpool.sync_kind': run.kind },
    execute,
  );
  runDuration.observe({ kind: run.kind, outcome }, Number(process.hrtime.bigint() - started) / 1e9);
  if (outcome === 'completed') for (const [entity, count] of Object.entries(run.counts)) runEntities.inc({ kind: run.kind, entity }, count);
}
